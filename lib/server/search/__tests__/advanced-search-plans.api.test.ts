import { getPool } from '@/lib/server/platform/db';
import type { AdvancedCondition, AdvancedSearchCondition } from '@/lib/shared/search/advanced';
import type { AdvancedSearchRequest } from '@/lib/shared/search/advanced';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import {
  advancedIds,
  compileAdvancedCondition,
  countAdvanced,
  orgTypeValues,
} from '../advanced-search.service';
import { SqlParams } from '../search-sql';

/**
 * Advanced search answers some conditions in a form the indexes of migration 0027 can use:
 * organisation types as equalities over the types present, adjacent bands as one range, an OR
 * of bigram-indexed "contains" as (gates) AND (checks), one status as an equality. Each case
 * here compares every row, the order and the capped count with the condition written the plain
 * way (LIKE '%…%', one range per band, gate AND check per field), over the test corpus plus
 * companies planted on the edges.
 */
const W = '翥翚';

let foreignLlc: number;
let state: number;
let oneYear: number;
let threeYears: number;
let noCapital: number;
let inName: number;
let inScope: number;
let inAddress: number;
let inPerson: number;

beforeAll(async () => {
  // A type no option's label equals: it matches two options by substring (llc and foreign).
  foreignLlc = (
    await plantEnterprise({ name: '厦门甲一有限公司', orgType: '有限责任公司（台港澳与境内合资）' })
  ).id;
  state = (await plantEnterprise({ name: '厦门甲二厂', orgType: '全民所有制' })).id;
  oneYear = (await plantEnterprise({ name: '厦门甲三有限公司', regCapital: 100 })).id;
  threeYears = (await plantEnterprise({ name: '厦门甲四有限公司', regCapital: 500 })).id;
  noCapital = (await plantEnterprise({ name: '厦门甲五有限公司', regCapital: null })).id;
  await getPool().query(
    `update enterprises set establish_date = current_date - make_interval(years => $2) where id = $1`,
    [oneYear, 1],
  );
  await getPool().query(
    `update enterprises set establish_date = current_date - make_interval(years => $2) where id = $1`,
    [threeYears, 3],
  );
  inName = (await plantEnterprise({ name: `厦门${W}贸易有限公司`, weight: 5 })).id;
  inScope = (
    await plantEnterprise({
      name: '厦门乙六有限公司',
      businessScope: `${W}的研发与销售`,
      weight: 7,
    })
  ).id;
  inAddress = (
    await plantEnterprise({ name: '厦门乙七有限公司', address: `厦门市${W}路 8 号`, weight: 6 })
  ).id;
  inPerson = (await plantEnterprise({ name: '厦门乙八有限公司', legalPerson: `欧${W}` })).id;
});

const one = (...conditions: AdvancedCondition[]): AdvancedSearchCondition => ({
  logic: 'and',
  groups: [{ logic: 'and', conditions }],
});
const anyOf = (...conditions: AdvancedCondition[]): AdvancedSearchCondition => ({
  logic: 'and',
  groups: [{ logic: 'or', conditions }],
});

const ORDER: Record<AdvancedSearchRequest['sort'], string> = {
  relevance: 'e.weight desc, e.id',
  capitalDesc: 'e.reg_capital desc nulls last, e.id',
  capitalAsc: 'e.reg_capital asc nulls last, e.id',
  dateDesc: 'e.establish_date desc nulls last, e.id',
  dateAsc: 'e.establish_date asc nulls last, e.id',
};

/** Every matching id in order, by the plainly written condition. */
async function reference(
  where: string,
  values: unknown[],
  sort: AdvancedSearchRequest['sort'] = 'relevance',
): Promise<number[]> {
  const { rows } = await getPool().query<{ id: number }>(
    `select e.id::int as id from enterprises e where ${where} order by ${ORDER[sort]}`,
    values,
  );
  return rows.map((r) => r.id);
}

/** The service's rows (all of them, in order) and count equal the reference. */
async function expectSame(
  condition: AdvancedSearchCondition,
  expected: number[],
  sort: AdvancedSearchRequest['sort'] = 'relevance',
) {
  expect(await advancedIds(condition, sort, 0, 5000)).toEqual(expected.slice(0, 5000));
  const count = await countAdvanced(condition);
  expect(count.total).toBe(Math.min(expected.length, 10_000));
  expect(count.totalCapped).toBe(expected.length > 10_000);
}

describe('advanced search plans give the rows of the plain conditions', () => {
  it('organisation types: equalities over the types present, same rows as LIKE', async () => {
    const foreign = await reference(`e.org_type like any($1::text[])`, [
      ['%台港澳%', '%外国法人%'],
    ]);
    expect(foreign).toContain(foreignLlc);
    await expectSame(one({ field: 'orgType', op: 'in', values: ['foreign'] }), foreign);

    const llcOrForeign = await reference(`e.org_type like any($1::text[])`, [
      ['%有限责任公司%', '%台港澳%', '%外国法人%'],
    ]);
    await expectSame(one({ field: 'orgType', op: 'in', values: ['llc', 'foreign'] }), llcOrForeign);

    const notForeign = await reference(
      `not coalesce(e.org_type like any($1::text[]), false) and e.reg_capital >= $2`,
      [['%台港澳%', '%外国法人%'], 500],
    );
    expect(notForeign).not.toContain(foreignLlc);
    await expectSame(
      one(
        { field: 'orgType', op: 'notIn', values: ['foreign'] },
        { field: 'capitalRange', op: 'between', min: 500 },
      ),
      notForeign,
    );

    const statePatterns = [['%全民所有制%', '%集体所有制%']];
    const stateOwned = await reference(`e.org_type like any($1::text[])`, statePatterns, 'dateAsc');
    expect(stateOwned).toContain(state);
    const stateCondition = one({ field: 'orgType', op: 'in', values: ['state'] });
    await expectSame(stateCondition, stateOwned, 'dateAsc');
    await expectSame(
      stateCondition,
      await reference(`e.org_type like any($1::text[])`, statePatterns, 'capitalDesc'),
      'capitalDesc',
    );
  });

  it('reads the organisation types present, each with the options it matches', async () => {
    const types = await orgTypeValues(
      getPool(),
      one({ field: 'orgType', op: 'in', values: ['llc', 'foreign', 'coop'] }),
    );
    expect(types?.get('foreign')).toContain('有限责任公司（台港澳与境内合资）');
    expect(types?.get('llc')).toContain('有限责任公司（台港澳与境内合资）');
    expect(types?.get('llc')).not.toContain('全民所有制');
    const { rows } = await getPool().query<{ org_type: string }>(
      `select distinct org_type from enterprises where org_type like '%有限责任公司%' order by 1`,
    );
    expect([...(types?.get('llc') ?? [])].sort()).toEqual(rows.map((r) => r.org_type).sort());
    // Without an organisation-type condition nothing is read.
    expect(
      await orgTypeValues(getPool(), one({ field: 'status', op: 'in', values: ['注销'] })),
    ).toBe(undefined);
    // Without the types (a caller that did not read them) the LIKE is kept.
    const p = new SqlParams();
    expect(
      compileAdvancedCondition(p, one({ field: 'orgType', op: 'in', values: ['coop'] })),
    ).toContain('like any');
  });

  it('adjacent bands: one range, same rows as one range per band (edges included)', async () => {
    const bands = (years: [number, number | null][]) =>
      years
        .map(
          ([min, max]) =>
            `(e.establish_date <= current_date - make_interval(years => ${min})${max === null ? '' : ` and e.establish_date > current_date - make_interval(years => ${max})`})`,
        )
        .join(' or ');
    const young = await reference(
      bands([
        [0, 1],
        [1, 3],
        [5, 10],
      ]),
      [],
    );
    // Exactly one year old is in 1-3年; exactly three years old is in 3-5年 (not chosen).
    expect(young).toContain(oneYear);
    expect(young).not.toContain(threeYears);
    await expectSame(
      one({ field: 'establishBand', op: 'in', values: ['lt1', '1-3', '5-10'] }),
      young,
    );
    const notYoung = await reference(
      `not coalesce(${bands([
        [0, 1],
        [1, 3],
      ])}, false)`,
      [],
      'dateDesc',
    );
    expect(notYoung).toContain(threeYears);
    expect(notYoung).not.toContain(oneYear);
    await expectSame(
      one({ field: 'establishBand', op: 'notIn', values: ['1-3', 'lt1'] }),
      notYoung,
      'dateDesc',
    );

    const everyCapital = await reference(
      `(e.reg_capital < 100) or (e.reg_capital >= 100 and e.reg_capital < 500) or (e.reg_capital >= 500 and e.reg_capital < 1000) or (e.reg_capital >= 1000 and e.reg_capital < 5000) or (e.reg_capital >= 5000)`,
      [],
    );
    expect(everyCapital).not.toContain(noCapital);
    await expectSame(
      one({
        field: 'capitalBand',
        op: 'in',
        values: ['lt100', '100-500', '500-1000', '1000-5000', 'gte5000'],
      }),
      everyCapital,
    );
    const edges = await reference(
      `(e.reg_capital >= 100 and e.reg_capital < 500) or (e.reg_capital >= 500 and e.reg_capital < 1000)`,
      [],
      'capitalAsc',
    );
    expect(edges).toContain(oneYear); // capital 100
    expect(edges).toContain(threeYears); // capital 500
    await expectSame(
      one({ field: 'capitalBand', op: 'in', values: ['500-1000', '100-500'] }),
      edges,
      'capitalAsc',
    );
  });

  it('an OR of indexed "contains": gates and checks apart, same rows as field by field', async () => {
    const field = (text: string) => `position($1 in public.lr_search_norm(${text})) > 0`;
    const threeFields = await reference(
      `${field('e.name')} or ${field(`coalesce(e.business_scope, '')`)} or ${field(`coalesce(e.address, '')`)}`,
      [W],
    );
    // Planted weights 7, 6, 5 lead; the legal person's company is not in these fields.
    expect(threeFields).toEqual([inScope, inAddress, inName]);
    const nameScopeAddress = anyOf(
      { field: 'name', op: 'contains', value: W },
      { field: 'businessScope', op: 'contains', value: W },
      { field: 'address', op: 'contains', value: W },
    );
    await expectSame(nameScopeAddress, threeFields);

    // A frequent word over the corpus, with another group AND-ed (the assistant's keyword group).
    const frequent = await reference(
      `e.status = any($2::text[]) and (${field('e.name')} or ${field(`coalesce(e.business_scope, '')`)})`,
      ['科技', ['存续', '在业']],
    );
    expect(frequent.length).toBeGreaterThan(10);
    await expectSame(
      {
        logic: 'and',
        groups: [
          { logic: 'and', conditions: [{ field: 'status', op: 'in', values: ['存续', '在业'] }] },
          {
            logic: 'or',
            conditions: [
              { field: 'name', op: 'contains', value: '科技' },
              { field: 'businessScope', op: 'contains', value: '科技' },
            ],
          },
        ],
      },
      frequent,
    );

    // Mixed groups (a negation, a one-character word) keep the per-condition form.
    const mixed = await reference(
      `${field('e.name')} or not coalesce(${field(`coalesce(e.legal_person, '')`)}, false)`,
      [W],
    );
    expect(mixed).not.toContain(inPerson);
    await expectSame(
      anyOf(
        { field: 'name', op: 'contains', value: W },
        { field: 'legalPerson', op: 'notContains', value: W },
      ),
      mixed,
    );
    const short = await reference(
      `${field('e.name')} or ${field(`coalesce(e.legal_person, '')`)}`,
      ['翥'],
    );
    expect(short).toEqual(expect.arrayContaining([inName, inPerson]));
    await expectSame(
      anyOf(
        { field: 'name', op: 'contains', value: '翥' },
        { field: 'legalPerson', op: 'contains', value: '翥' },
      ),
      short,
    );
  });

  it('one status or staff size: an equality, same rows as = any', async () => {
    const cancelled = await reference(`e.status = any($1::text[])`, [['注销']]);
    expect(cancelled.length).toBeGreaterThan(0);
    await expectSame(one({ field: 'status', op: 'in', values: ['注销'] }), cancelled);
    const small = await reference(`not coalesce(e.staff_size = any($1::text[]), false)`, [
      ['50-99人'],
    ]);
    await expectSame(one({ field: 'staffSize', op: 'notIn', values: ['50-99人'] }), small);
  });
});
