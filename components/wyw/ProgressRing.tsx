import { WYW_RING_RADIUS, WYW_RING_WIDTH } from '@/lib/shared/wyw/wyw.constants';

/** The overlay's ring (spec 4.6 / 9: radius 80, line width 10), filled to `percent`. */
export function ProgressRing({
  percent,
  children,
}: {
  percent: number;
  children?: React.ReactNode;
}) {
  const r = WYW_RING_RADIUS;
  const size = 2 * r + WYW_RING_WIDTH;
  const c = 2 * Math.PI * r;
  const p = Math.max(0, Math.min(100, percent));
  return (
    <div className="wyw-ring" style={{ width: size, height: size }}>
      <svg
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p}
        aria-label="导出进度"
      >
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          stroke="#f0f0f0"
          strokeWidth={WYW_RING_WIDTH}
        />
        <circle
          className="wyw-ring-bar"
          data-testid="wyw-ring-bar"
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          stroke="#1677ff"
          strokeWidth={WYW_RING_WIDTH}
          strokeLinecap="round"
          strokeDasharray={`${(c * p) / 100} ${c}`}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
        />
      </svg>
      <div className="wyw-ring-text">{children}</div>
    </div>
  );
}
