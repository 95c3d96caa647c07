import { exactCountWorthIt, EXACT_COUNT_SKIP } from '../search-count';
import { evenShare, knownTotal, mergeBranches } from '../search-plan-keyword';
import { walkRows } from '../search-rank';
import { keywordSources } from '../search-sources';
import { weightFloor } from '../term-stats';
import { MILLION_STATS } from './stats-fixture';

/*
 * The budget decisions of issue 10 item 5 (docs/benchmarks/search.md, 2026-11-26 05:00): which
 * totals are known before the tally, when the capped exact count is skipped, and how the small
 * plan merges branches that read the table with branches read index-only.
 */

const stats = MILLION_STATS;
const N = stats.enterprises;

/** Sources of a keyword as measureProbes leaves them: `counts` per field, counted or sampled. */
function measured(keyword: string, counts: Partial<Record<string, number>>) {
  const sources = keywordSources(keyword, keyword, stats);
  for (const s of sources) {
    const n = counts[s.field];
    if (n === undefined) continue;
    s.freq = n / N;
    s.measured = true;
  }
  return sources;
}

describe('totals known before the tally', () => {
  it('is exact for a single character: its name prefix counted below the cap', () => {
    expect(knownTotal(measured('峰', { prefix: 670, exact: 0 }), N)).toEqual({
      total: 670,
      kind: 'exact',
    });
  });

  it('is only a floor when the prefix count reached its cap', () => {
    expect(knownTotal(measured('北', { prefix: 5001 }), N)).toEqual({
      total: 5001,
      kind: 'floor',
    });
  });

  it('is a floor for a credit-code prefix: names may match it too', () => {
    const sources = measured('91110118', { prefix: 0, code: 1650 });
    expect(sources.some((s) => s.field === 'name')).toBe(true);
    expect(knownTotal(sources, N)).toEqual({ total: 1650, kind: 'floor' });
  });

  it('is an estimate from the share of legal person and address on the walk index', () => {
    const sources = measured('省许昌', { prefix: 0, text: 3000 });
    expect(knownTotal(sources, N)).toEqual({ total: 3000, kind: 'estimate' });
  });

  it('knows nothing of a keyword whose text share was not measured', () => {
    const sources = keywordSources('沙市岳麓', '沙市岳麓', stats);
    expect(knownTotal(sources, N)).toBeNull();
  });
});

describe('the capped exact count', () => {
  it('runs when the page sample saw too few matches and nothing else is known', () => {
    expect(exactCountWorthIt(3, null)).toBe(true);
    expect(exactCountWorthIt(12, null)).toBe(false);
  });

  it('is skipped from the threshold of each kind of measurement on', () => {
    for (const kind of ['exact', 'floor', 'estimate'] as const) {
      const at = EXACT_COUNT_SKIP[kind];
      expect(exactCountWorthIt(2, { total: at - 1, kind })).toBe(true);
      expect(exactCountWorthIt(2, { total: at, kind })).toBe(false);
    }
    expect(EXACT_COUNT_SKIP.exact).toBeLessThan(EXACT_COUNT_SKIP.floor);
    expect(EXACT_COUNT_SKIP.floor).toBeLessThan(EXACT_COUNT_SKIP.estimate);
  });
});

describe('merging the small plan branches', () => {
  const row = (id: number, tier: number, branch: number, full: boolean) => ({
    id,
    tier,
    branch,
    full,
    weight: 100 - id,
    reg_capital: full ? 500 : null,
    establish_date: null,
    province_code: full ? '350000' : null,
    industry_section: full ? 'I' : null,
    status: full ? '存续' : (null as unknown as string),
  });

  it('keeps one row per company at its best tier, with the columns a full branch read', () => {
    const { candidates, perBranch } = mergeBranches([
      row(1, 1, 0, false),
      row(1, 4, 3, true),
      row(2, 4, 3, true),
      row(3, 1, 0, false),
    ]);
    const byId = new Map(candidates.map((c) => [c.id, c]));
    expect(candidates).toHaveLength(3);
    expect(byId.get(1)).toMatchObject({ tier: 1, full: true, province_code: '350000' });
    expect(byId.get(3)).toMatchObject({ tier: 1, full: false });
    expect(perBranch).toEqual(
      new Map([
        [0, 2],
        [3, 2],
      ]),
    );
  });

  it('looks up an even share of the lean rows, every k-th by id', () => {
    expect(evenShare([5, 3, 1], 10)).toEqual([5, 3, 1]);
    const ids = Array.from({ length: 1000 }, (_, i) => 1000 - i);
    const share = evenShare(ids, 250);
    expect(share).toHaveLength(250);
    expect(share[0]).toBe(1);
    expect(share[1]).toBe(5);
    expect(new Set(share).size).toBe(250);
  });
});

describe('walk or index for a deep page', () => {
  const name = (freq: number) => {
    const source = keywordSources('贸易', '贸易', stats).find((s) => s.field === 'name')!;
    return { ...source, freq, measured: true };
  };

  it('walks page 50 of a frequent word on either side of the cap the statistics land on', () => {
    // 贸易 measured at 2.50-2.62 % by successive ANALYZE samples: 1,000 rows need 57,000-60,050.
    for (const freq of [0.0262, 0.02501, 0.02499, 0.0245]) {
      const rows = walkRows(name(freq), 1000, stats);
      expect(rows).not.toBeNull();
      expect(rows! * freq).toBeGreaterThanOrEqual(1500);
    }
  });

  it('leaves a walk past twice its cap, or one the index path beats, to the index', () => {
    // 1,000 rows of a 1 % word: 150,050 rows to walk, past twice the cap.
    expect(walkRows(name(0.01), 1000, stats)).toBeNull();
    // A rare word: its index rows are cheaper than any walk.
    expect(walkRows(name(0.0001), 20, stats)).toBeNull();
  });
});

describe('the weight floor that bounds a one-level walk', () => {
  // 1,000,000 companies: 10 % share weight 50 (a common value); the rest spread evenly over
  // ten buckets of 9 % each between 0 and 100.
  const withWeights: typeof stats = {
    ...stats,
    weight: {
      common: [{ value: 50, freq: 0.1 }],
      bounds: [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100],
      nullFrac: 0,
    },
  };

  it('is the highest bound with at least the walk’s share of companies at or above it', () => {
    // 50,000 rows = 5 %: the top bucket alone holds 9 %.
    expect(weightFloor(withWeights, 50_000)).toBe(90);
    // 150,000 = 15 %: two buckets (18 %).
    expect(weightFloor(withWeights, 150_000)).toBe(80);
    // 500,000 = 50 %: from 60 up four buckets (36 %); from 50 up five and the common value (55 %).
    expect(weightFloor(withWeights, 500_000)).toBe(50);
  });

  it('never cuts a walk short: at least the rows asked for lie at or above it', () => {
    for (const rows of [1_000, 37_000, 90_000, 91_000, 333_000, 700_000, 999_000]) {
      const floor = weightFloor(withWeights, rows)!;
      const atOrAbove =
        (withWeights.weight!.common[0].value >= floor ? 0.1 : 0) +
        0.09 * withWeights.weight!.bounds.filter((b, i) => i < 10 && b >= floor).length;
      expect(atOrAbove * N).toBeGreaterThanOrEqual(rows);
    }
  });

  it('is null without statistics or for most of the table (the walk keeps its LIMIT)', () => {
    expect(weightFloor(stats, 50_000)).toBeNull();
    expect(weightFloor(withWeights, N)).toBeNull();
  });
});
