'use client';

/** Last resort when the root layout itself fails. */
export default function GlobalError({
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <html lang="zh-CN">
      <body style={{ fontFamily: 'sans-serif', textAlign: 'center', padding: 48 }}>
        <h1>系统暂时不可用</h1>
        <p>请稍后刷新页面重试。</p>
        <button type="button" onClick={reset}>
          重新加载
        </button>
      </body>
    </html>
  );
}
