import { DRAG_TRACE, type DragSample } from '@/lib/shared/captcha/protocol';
import { dragTraceProblem } from '../drag-trace';

/** A generated ease-out curve to `x` over `ms`, sampled every 16 ms: smooth, no hand in it. */
function easedCurve(x: number, ms = 600): DragSample[] {
  const trace: DragSample[] = [[0, 0]];
  for (let t = 16; t < ms; t += 16) {
    const p = t / ms;
    trace.push([t, Math.round(x * (1 - (1 - p) ** 3) * 10) / 10]);
  }
  trace.push([ms, x]);
  return trace;
}

/** Small corrections a hand makes on the way (px), repeating. */
const WOBBLE = [0, 0.9, -0.6, 1.2, -0.4, 0.7, -1, 0.5];

/** A hand's eased drag to `x` over `ms`: pointer events every ~16 ms, with small corrections. */
function handDrag(x: number, ms = 600): DragSample[] {
  return easedCurve(x, ms).map(([t, px], i, all): DragSample =>
    i === 0 || i === all.length - 1 ? [t, px] : [t, Math.round((px + WOBBLE[i % 8]) * 10) / 10],
  );
}

/** A script's drag: the same step at the same interval. */
function linearDrag(x: number, steps: number, intervalMs: number): DragSample[] {
  return Array.from({ length: steps + 1 }, (_, i): DragSample => [i * intervalMs, (x * i) / steps]);
}

describe('dragTraceProblem', () => {
  it('accepts an eased drag that ends at the answer', () => {
    expect(dragTraceProblem(handDrag(150), 150)).toBeNull();
  });

  it('accepts overshooting and coming back, and pauses', () => {
    const trace: DragSample[] = [
      [0, 0],
      [40, 12],
      [90, 60],
      [150, 140],
      [210, 171],
      [260, 175],
      [400, 175],
      [470, 166],
      [520, 161.5],
    ];
    expect(dragTraceProblem(trace, 161.5)).toBeNull();
  });

  it('refuses a check without a trace, or with something else', () => {
    expect(dragTraceProblem(undefined, 150)).toBe('missing');
    expect(dragTraceProblem([], 150)).toBe('missing');
    expect(dragTraceProblem('0,0;300,150', 150)).toBe('missing');
    expect(
      dragTraceProblem(
        [
          [0, 0],
          [100, 'x'],
        ],
        150,
      ),
    ).toBe('malformed');
    expect(
      dragTraceProblem(
        [
          [0, 0],
          [100, Infinity],
        ],
        150,
      ),
    ).toBe('malformed');
    expect(dragTraceProblem([[0, 0, 1]], 150)).toBe('malformed');
  });

  it('refuses samples out of time order', () => {
    const trace = handDrag(150);
    [trace[3], trace[4]] = [trace[4], trace[3]];
    expect(dragTraceProblem(trace, 150)).toBe('malformed');
  });

  it('refuses too few samples, or a jump', () => {
    const few: DragSample[] = [
      [0, 0],
      [80, 30],
      [160, 95],
      [240, 120],
      [330, 150],
    ];
    expect(few).toHaveLength(DRAG_TRACE.minSamples);
    expect(dragTraceProblem(few, 150)).toBeNull();
    few.splice(1, 1);
    expect(dragTraceProblem(few, 150)).toBe('too-few-samples');
    const jump: DragSample[] = [
      [0, 0],
      [100, 0],
      [200, 0],
      [300, 0],
      [400, 150],
    ];
    expect(dragTraceProblem(jump, 150)).toBe('too-few-samples');
  });

  it(`refuses a drag shorter than ${DRAG_TRACE.minDurationMs} ms`, () => {
    expect(dragTraceProblem(handDrag(150, DRAG_TRACE.minDurationMs - 10), 150)).toBe('too-fast');
    expect(dragTraceProblem(handDrag(150, DRAG_TRACE.minDurationMs + 30), 150)).toBeNull();
  });

  it('refuses a trace that does not start at the left or does not end at the answer', () => {
    const late = handDrag(150).map(([t, x]): DragSample => [t, x + 20]);
    expect(dragTraceProblem(late, 170)).toBe('not-from-start');
    expect(dragTraceProblem(handDrag(150), 120)).toBe('not-ending-at-answer');
  });

  it('refuses perfectly uniform speed: constant step at a constant interval', () => {
    expect(dragTraceProblem(linearDrag(150, 20, 20), 150)).toBe('uniform-speed');
  });

  it('refuses a constant step even when the timing jitters', () => {
    const trace = linearDrag(150, 20, 20).map(([t, x], i): DragSample => [t + (i % 3) * 4, x]);
    expect(dragTraceProblem(trace, 150)).toBe('uniform-speed');
  });

  it('refuses steady speed even when the steps differ', () => {
    // Steps of 5 and 10 px taking 10 and 20 ms: one speed throughout.
    const trace: DragSample[] = [[0, 0]];
    for (let i = 1; i <= 20; i++) {
      const [t, x] = trace[i - 1];
      trace.push(i % 2 ? [t + 10, x + 5] : [t + 20, x + 10]);
    }
    expect(dragTraceProblem(trace, trace[trace.length - 1][1])).toBe('uniform-speed');
  });

  it('refuses a generated ease-out curve, at regular or irregular times (issue 28 item 2)', () => {
    expect(dragTraceProblem(easedCurve(150), 150)).toBe('too-smooth');
    const irregular = [0, 21, 38, 61, 79, 104, 118, 143, 160, 187, 205, 230];
    const curve = irregular.map((t): DragSample => {
      const p = t / irregular[irregular.length - 1];
      return [t, Math.round(150 * (1 - (1 - p) ** 2) * 10) / 10];
    });
    expect(dragTraceProblem(curve, 150)).toBe('too-smooth');
  });
});
