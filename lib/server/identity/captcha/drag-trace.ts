import 'server-only';
import { DRAG_TRACE, SLIDER_TOLERANCE, type DragSample } from '@/lib/shared/captcha/protocol';

/**
 * Whether a slider drag looks like a hand's (security finding: scripts answered with a single
 * jump; issue 28: then with a generated ease-out curve). Cheap to fake for a script that knows the
 * rules, but it forces the script to model a hand's corrections instead of posting a number or a
 * formula. Returns why the trace is refused, or null when it passes.
 */
export type DragTraceProblem =
  | 'missing'
  | 'malformed'
  | 'too-few-samples'
  | 'too-fast'
  | 'not-from-start'
  | 'not-ending-at-answer'
  | 'uniform-speed'
  | 'too-smooth';

/** Below this spread of speeds (standard deviation / mean) the motion is machine-steady. */
const MIN_SPEED_VARIATION = 0.1;
/** Moves needed before the speed can be judged at all (fewer is a jump, not a drag). */
const MIN_MOVING_STEPS = 3;
/**
 * A hand's speed goes up and down as it corrects its course; a curve's does not (issue 28 item 2:
 * a generated ease-out trace passed). At least this many turns between speeding up and slowing
 * down, counting a change of speed only when it moves the piece at least TURN_PX (frame px) off
 * where the previous speed would have taken it: rounding a curve's positions does not make turns.
 */
const MIN_SPEED_TURNS = 2;
const TURN_PX = 0.3;

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
  if (speedTurns(allSteps(trace)) < MIN_SPEED_TURNS) return 'too-smooth';
  return null;
}

/**
 * How often the motion turns from speeding up to slowing down or back, or reverses (an overshoot
 * brought back). An eased curve sampled at any times (regular or not) only slows down: its average
 * speed over each step falls step by step.
 */
function speedTurns(steps: Step[]): number {
  const timed = steps.filter((s) => s.dt > 0);
  const speeds = timed.map((s) => s.dx / s.dt);
  let turns = 0;
  let lastSign = 0;
  let lastDirection = Math.sign(speeds[0]);
  for (let i = 1; i < speeds.length; i++) {
    const direction = Math.sign(speeds[i]);
    if (direction !== 0) {
      if (lastDirection !== 0 && direction !== lastDirection) turns++;
      lastDirection = direction;
    }
    const change = speeds[i] - speeds[i - 1];
    if (Math.abs(change) * ((timed[i].dt + timed[i - 1].dt) / 2) < TURN_PX) continue;
    const sign = Math.sign(change);
    if (lastSign !== 0 && sign !== lastSign) turns++;
    lastSign = sign;
  }
  return turns;
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

/** Every step between samples, pauses included (a pause and moving on again is a turn). */
function allSteps(trace: DragSample[]): Step[] {
  return trace.slice(1).map((s, i) => ({ dx: s[1] - trace[i][1], dt: s[0] - trace[i][0] }));
}

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
