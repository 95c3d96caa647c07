/**
 * The small helpers the in-process benchmarks share: a command-line option, a percentile of
 * sorted times, a one-line p50/p95/p99 summary, a timed call, seconds and megabytes.
 */
import { performance } from 'node:perf_hooks';

/** The value after `name` on the command line, or `fallback`. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** The p-th percentile (nearest rank) of times sorted ascending; 0 for none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The p-th percentile of times in any order. */
export function percentileOf(times: readonly number[], p: number): number {
  return percentile(
    [...times].sort((a, b) => a - b),
    p,
  );
}

/** `label  n=…  p50 … ms  p95 … ms  p99 … ms  max … ms`, the label padded to `width`. */
export function summary(label: string, times: number[], width = 34): string {
  const s = [...times].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(7);
  return `${label.padEnd(width)} n=${String(s.length).padStart(4)}  p50 ${f(percentile(s, 50))} ms  p95 ${f(percentile(s, 95))} ms  p99 ${f(percentile(s, 99))} ms  max ${f(s.at(-1) ?? 0)} ms`;
}

/** Runs `fn` and returns its wall time in milliseconds with its value. */
export async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const value = await fn();
  return [performance.now() - t0, value];
}

/** `12.3 s`. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `123 MB`. */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
