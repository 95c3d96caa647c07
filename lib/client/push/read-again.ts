import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * Reads queries again because a push said their data moved. A read still in flight answers from
 * before the push, and TanStack Query joins an invalidation to a first read in flight instead of
 * starting it again — the screen then kept the old answer for good (issue 33: a 加微 card stayed
 * 进行中 0% after its task had paused). Such reads are cancelled first, then made again.
 */
export async function readAgain(
  client: QueryClient,
  filters: InvalidateQueryFilters,
): Promise<void> {
  await client.cancelQueries(filters);
  await client.invalidateQueries(filters);
}
