/**
 * Named places where a test stops this process dead (kill -9 of itself) or makes a write fail the
 * way a full disk does (ADR 0209). Both are off unless the environment names the point, so in
 * production a fault point costs one environment lookup.
 *
 *   FAULT_KILL_AT=job.step.committed#3   SIGKILL at the 3rd time the point is passed (default 1st)
 *   FAULT_ENOSPC=storage.put             writes at these points (comma-separated) fail with ENOSPC
 */
const passed = new Map<string, number>();

export function faultPoint(name: string): void {
  const at = process.env.FAULT_KILL_AT;
  if (!at) return;
  const [point, nth] = at.split('#');
  if (point !== name) return;
  const count = (passed.get(name) ?? 0) + 1;
  passed.set(name, count);
  if (count >= Number(nth || 1)) process.kill(process.pid, 'SIGKILL');
}

/** Throws the error Node raises on a full disk when FAULT_ENOSPC names this point. */
export function diskFault(name: string): void {
  const full = process.env.FAULT_ENOSPC;
  if (!full || !full.split(',').includes(name)) return;
  throw Object.assign(new Error(`ENOSPC: no space left on device, write (${name})`), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
}

/** What a user is told when a file could not be kept for lack of space. */
export const DISK_FULL_MESSAGE = '存储空间不足，文件未能保存，请稍后重试或联系管理员';

/** A write failed because the disk (or its quota) is full. */
export function isDiskFull(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
