import type { ReactNode } from 'react';

/** At most this many pages are kept mounted while hidden; the least recently shown goes first. */
export const KEEP_ALIVE_MAX = 8;

/**
 * Pages whose menu entry has keepAlive (spec 3; the industry album screen of spec 2.2) stay mounted
 * while the user is elsewhere, so their state is there on return. Showing such a page records (or
 * refreshes) its latest element; the map's order is the order of last visit.
 */
export function keepPage(
  kept: ReadonlyMap<string, ReactNode>,
  path: string,
  node: ReactNode,
  keepAlive: boolean,
): Map<string, ReactNode> {
  const next = new Map(kept);
  if (!keepAlive) return next;
  next.delete(path);
  next.set(path, node);
  while (next.size > KEEP_ALIVE_MAX) next.delete(next.keys().next().value as string);
  return next;
}
