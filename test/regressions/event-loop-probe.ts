/**
 * How long the event loop was held while `work` ran: a 10 ms interval notes how late each tick
 * comes. A server whose loop is held answers nothing (its /api/health included) for that long.
 */
export async function withLoopProbe<T>(
  work: () => Promise<T>,
): Promise<{ value: T; lagMs: number; ms: number }> {
  let lagMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lagMs = Math.max(lagMs, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  try {
    const value = await work();
    await new Promise((r) => setTimeout(r, 20)); // a tick after the work, to see its last hold
    const now = performance.now();
    return { value, lagMs: Math.max(lagMs, now - last - 10), ms: now - started };
  } finally {
    clearInterval(timer);
  }
}
