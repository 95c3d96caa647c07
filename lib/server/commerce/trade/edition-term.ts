import { EDITION_TERM_DAYS, editionPriceFen, getEdition } from '@/lib/shared/vip/editions';

export type EditionState = { edition: number; expiresAt: Date | null };

const DAY_MS = 86_400_000;

/** Value of one day of an edition in fen (its yearly price spread over the term). */
function dayValue(edition: number): number {
  return editionPriceFen(getEdition(edition)) / EDITION_TERM_DAYS;
}

/**
 * What a tenant has after buying `durationDays` of `edition`:
 * - the same edition as in force: the term is added to what is left (renewal);
 * - a higher edition: it starts now, and the days left of the old one are converted at the ratio
 *   of the two editions' prices and added (nothing paid is lost);
 * - a lower edition (only when an upgrade was paid meanwhile): the higher edition stays and the
 *   bought days are converted into it the same way.
 * Ordering refuses a lower edition; this keeps a late payment fair instead of downgrading.
 */
export function nextEditionTerm(
  current: EditionState,
  bought: { edition: number; durationDays: number },
  now: Date,
): EditionState {
  const nowMs = now.getTime();
  const live = current.edition > 0 && !!current.expiresAt && current.expiresAt.getTime() > nowMs;
  const inForce = live ? current.edition : 0;
  const leftMs = live ? current.expiresAt!.getTime() - nowMs : 0;
  const termMs = bought.durationDays * DAY_MS;
  if (bought.edition === inForce)
    return { edition: inForce, expiresAt: new Date(nowMs + leftMs + termMs) };
  if (bought.edition > inForce) {
    const carried =
      inForce > 0 ? Math.floor((leftMs * dayValue(inForce)) / dayValue(bought.edition)) : 0;
    return { edition: bought.edition, expiresAt: new Date(nowMs + termMs + carried) };
  }
  const converted = Math.floor((termMs * dayValue(bought.edition)) / dayValue(inForce));
  return { edition: inForce, expiresAt: new Date(nowMs + leftMs + converted) };
}
