import type { DragSample } from '@/lib/shared/captcha/protocol';
import { dragTraceProblem } from '@/lib/server/identity/captcha/drag-trace';

/**
 * Issue 28 item 2 (outside probe, medium), the trace half: the solver sent a generated ease-out
 * drag trace and the trace check let it through. A smooth curve, sampled at regular or irregular
 * times, is now refused; the drags e2e/captcha.spec.ts makes (its handPath, as the widget records
 * them) still pass.
 */

const EASES: Record<string, (p: number) => number> = {
  quad: (p) => 1 - (1 - p) ** 2,
  cubic: (p) => 1 - (1 - p) ** 3,
  quart: (p) => 1 - (1 - p) ** 4,
  sine: (p) => Math.sin((p * Math.PI) / 2),
  expo: (p) => (p >= 1 ? 1 : 1 - 2 ** (-10 * p)),
};

/** A seeded generator (mulberry32), so the test sees the same 600 traces on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(20261128);
const between = (min: number, max: number) => min + random() * (max - min);

/** A script's drag: an ease-out curve to `x`, sampled every 8-24 ms, positions to 0.1 px. */
function generatedTrace(x: number, ease: (p: number) => number): DragSample[] {
  const ms = Math.round(between(300, 900));
  const trace: DragSample[] = [[0, 0]];
  for (let t = Math.round(between(8, 24)); t < ms; t += Math.round(between(8, 24)))
    trace.push([t, Math.round(x * ease(t / ms) * 10) / 10]);
  trace.push([ms, x]);
  return trace;
}

/**
 * e2e/support/captcha.ts handPath (16 moves, eased with ±1 % jitter, 15-45 ms pauses), recorded as
 * SliderCaptcha records pointer events: [ms since the press, piece left in frame px], plus a few
 * ms for each event to arrive, and the release.
 */
function e2eHandTrace(distance: number): DragSample[] {
  const moves = 16;
  const trace: DragSample[] = [[0, 0]];
  let t = 0;
  for (let i = 0; i < moves; i++) {
    const p = (i + 1) / moves;
    const last = i === moves - 1;
    const eased = 1 - (1 - p) ** 3 + (last ? 0 : (random() - 0.5) * 0.02);
    t += 15 + Math.round(random() * 30) + Math.round(random() * 5);
    trace.push([t, Math.round(distance * eased * 10) / 10]);
  }
  trace.push([t + 3, distance]);
  return trace;
}

describe('issue 28 item 2: the drag trace check', () => {
  it.each(Object.keys(EASES))('refuses generated %s ease-out traces (100 of 100)', (name) => {
    let passed = 0;
    for (let i = 0; i < 100; i++) {
      const x = Math.round(between(70, 255) * 10) / 10;
      if (dragTraceProblem(generatedTrace(x, EASES[name]), x) === null) passed++;
    }
    expect(passed).toBe(0);
  });

  it('accepts the drags of the e2e hand generator (500 of 500)', () => {
    const refused: string[] = [];
    for (let i = 0; i < 500; i++) {
      const x = Math.round(between(70, 255) * 10) / 10;
      const problem = dragTraceProblem(e2eHandTrace(x), x);
      if (problem) refused.push(problem);
    }
    expect(refused).toEqual([]);
  });
});
