/** Dates as whole days since 1970-01-01 (UTC), with a precomputed day → 'YYYY-MM-DD' table. */

const MS_PER_DAY = 86400000;

export const dayOf = (y: number, m: number, d: number): number =>
  Date.UTC(y, m - 1, d) / MS_PER_DAY;

/** The corpus is "as of" this day, so every run gives the same data whatever today is. */
export const AS_OF_DAY = dayOf(2026, 10, 31);
export const FIRST_DAY = dayOf(1990, 1, 1);
const TABLE_START = dayOf(1950, 1, 1);
const TABLE_END = dayOf(2100, 12, 31);

const table: string[] = [];
const years = new Int16Array(TABLE_END - TABLE_START + 1);
for (let day = TABLE_START; day <= TABLE_END; day++) {
  const text = new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
  table.push(text);
  years[day - TABLE_START] = Number(text.slice(0, 4));
}

const clamp = (day: number) => Math.min(Math.max(Math.floor(day), TABLE_START), TABLE_END);

export function dayString(day: number): string {
  return table[clamp(day) - TABLE_START];
}

export function yearOf(day: number): number {
  return years[clamp(day) - TABLE_START];
}
