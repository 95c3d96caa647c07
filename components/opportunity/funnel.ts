/**
 * The funnel's bands. An opportunity in a later stage has passed the earlier ones, so a band's
 * width is how many reached the stage: those in it, in every later open stage, and those won.
 * Lost ones left somewhere unknown and count nowhere. Each band still says how many are in the
 * stage now.
 */

export type FunnelInput = {
  name: string;
  type: 'open' | 'won' | 'lost';
  count: number;
  amount: number;
};
export type FunnelBand = { name: string; count: number; amount: number; reached: number };

export function funnelBands(items: readonly FunnelInput[]): FunnelBand[] {
  const kept = items.filter((i) => i.type !== 'lost');
  const bands: FunnelBand[] = [];
  let below = 0;
  for (let i = kept.length - 1; i >= 0; i--) {
    below += kept[i].count;
    bands.unshift({
      name: kept[i].name,
      count: kept[i].count,
      amount: kept[i].amount,
      reached: below,
    });
  }
  return bands;
}
