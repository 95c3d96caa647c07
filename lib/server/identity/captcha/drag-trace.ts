import 'server-only';
import { DRAG_TRACE, SLIDER_TOLERANCE, type DragSample } from '@/lib/shared/captcha/protocol';

/**
 * Whether a slider drag looks like a hand's (security finding: scripts answered with a single
 * jump). Cheap to fake for a script that knows the rule, but it forces the script to model a drag
 * instead of posting a number. Returns why the trace is refused, or null when it passes.
 */
export type DragTraceProblem =
  | 'missing'
  | 'malformed'
  | 'too-few-samples'
  | 'too-fast'
  | 'not-from-start'
  | 'not-ending-at-answer'
  | 'uniform-speed';

/** Below this spread of speeds (standard deviation / mean) the motion is machine-steady. */
const MIN_SPEED_VARIATION = 0.1;
/** Moves needed before the speed can be judged at all (fewer is a jump, not a drag). */
const MIN_MOVING_STEPS = 3;

export function dragTraceProblem(trace: unknown, answerX: number): DragTraceProblem | null {
  if (!Array.isArray(trace) || trace.length === 0) return 'missing';
  if (!trace.every(isSample) || !inTimeOrder(trace)) return 'malformed';
  const steps = movingSteps(trace);
  if (trace.length < DRAG_TRACE.minSamples || steps.length < MIN_MOVING_STEPS)
    return 'too-few-samples';
  const first = trace[0];
  const last = trace[trace.length - 1];
  if (last[0] - first[0] < DRAG_TRACE.minDurationMs) return 'too-fast';
  // The piece starts at the left edge and the answer is where it was let go.
  if (Math.abs(first[1]) > SLIDER_TOLERANCE) return 'not-from-start';
  if (Math.abs(last[1] - answerX) > 1) return 'not-ending-at-answer';
  if (isUniform(steps)) return 'uniform-speed';
  return null;
}

function isSample(s: unknown): s is DragSample {
  return (
    Array.isArray(s) &&
    s.length === 2 &&
    s.every((v) => typeof v === 'number' && Number.isFinite(v))
  );
}

function inTimeOrder(trace: DragSample[]): boolean {
  return trace.every((s, i) => i === 0 || s[0] >= trace[i - 1][0]);
}

type Step = { dx: number; dt: number };

/** The steps between samples in which the piece moved. */
function movingSteps(trace: DragSample[]): Step[] {
  return trace
    .slice(1)
    .map((s, i) => ({ dx: s[1] - trace[i][1], dt: s[0] - trace[i][0] }))
    .filter((s) => s.dx !== 0);
}

/** Every step the same length, or every step at the same speed: a loop, not a hand. */
function isUniform(steps: Step[]): boolean {
  const sameLength = steps.every((s) => Math.abs(Math.abs(s.dx) - Math.abs(steps[0].dx)) < 0.05);
  const speeds = steps.filter((s) => s.dt > 0).map((s) => Math.abs(s.dx) / s.dt);
  return sameLength || (speeds.length >= MIN_MOVING_STEPS && spread(speeds) < MIN_SPEED_VARIATION);
}

/** Coefficient of variation: standard deviation over mean. */
function spread(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  if (mean === 0) return 0;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}
