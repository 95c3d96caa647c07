/** Polls `probe` every 100 ms until it answers something truthy; fails after `ms`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | false | undefined>,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
