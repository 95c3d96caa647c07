import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import {
  clueOrder,
  clueWhere,
  dueTodayPredicate,
  keywordPredicate,
  normalisedLength,
} from '@/lib/server/crm/clue/clue-query';
import type { OwnerScope } from '@/lib/server/identity/data-scope/data-scope.service';

/** The filter → SQL rules of the lead page (clue-query.ts), rendered as PostgreSQL text. */
const dialect = new PgDialect();
const render = (q: SQL | undefined) => (q ? dialect.sqlToQuery(q) : { sql: '', params: [] });
const all: OwnerScope = { kind: 'all' };
const self: OwnerScope = { kind: 'members', self: 7, tenantId: 1, deptIds: [] };

describe('clueWhere', () => {
  it('always restricts to the tenant and live leads; the recycle bin to deleted ones', () => {
    const live = render(clueWhere(1, all, {}));
    expect(live.sql).toContain('"clues"."tenant_id" = $1');
    expect(live.sql).toContain('"clues"."deleted_at" is null');
    expect(live.params).toEqual([1]);
    expect(render(clueWhere(1, all, { deleted: true })).sql).toContain(
      '"clues"."deleted_at" is not null',
    );
  });

  it('applies the data scope on the follow user (owner)', () => {
    const q = render(clueWhere(1, self, {}));
    expect(q.sql).toContain('"clues"."owner_user_id" = $2');
    expect(q.params).toEqual([1, 7]);
  });

  it('ignores empty lists and applies given ones as any()', () => {
    expect(render(clueWhere(1, all, { status: [], source: [], followUserIds: [] })).params).toEqual(
      [1],
    );
    const q = render(clueWhere(1, all, { status: [0, 1, 1], followUserIds: [3] }));
    expect(q.sql).toContain('"clues"."status" = any($2::smallint[])');
    expect(q.params).toEqual([1, [0, 1], [3]]);
  });

  it('matches an industry section letter exactly and a code as an escaped prefix', () => {
    const section = render(clueWhere(1, all, { industry: 'I' }));
    expect(section.sql).toContain('"clues"."industry_section" = $2');
    const code = render(clueWhere(1, all, { industry: '65%_' }));
    expect(code.sql).toContain('"clues"."industry_code" like $2');
    expect(code.params[1]).toBe('65%');
  });

  it('turns time ranges into open or closed bounds', () => {
    const q = render(clueWhere(1, all, { createTime: [null, 1_700_000_000_000] }));
    expect(q.sql).toContain('"clues"."created_at" <= $2');
    expect(q.sql).not.toContain('>=');
    expect(q.params[1]).toBe(new Date(1_700_000_000_000).toISOString());
  });
});

describe('keyword', () => {
  it('normalises like lr_search_norm (no spaces or punctuation)', () => {
    expect(normalisedLength(' 科-技 ')).toBe(2);
    expect(normalisedLength('（）')).toBe(0);
  });

  it('uses the bigram index from two characters on live leads, else only the recheck', () => {
    expect(render(keywordPredicate('科技', true)).sql).toContain('lr_doc_bigrams');
    expect(render(keywordPredicate('科', true)).sql).not.toContain('lr_doc_bigrams');
    expect(render(keywordPredicate('科技', false)).sql).not.toContain('lr_doc_bigrams');
    expect(render(keywordPredicate('科技', true)).sql).toContain('strpos');
    expect(keywordPredicate(' ， ', true)).toBeUndefined();
  });
});

describe('clueOrder', () => {
  const text = (parts: SQL[]) => render(sql.join(parts, sql`, `)).sql;
  it('keeps leads without a follow-up time last in both directions, id breaks ties', () => {
    expect(text(clueOrder({ sortField: 'nextFollowTime', sortOrder: 'asc' }))).toBe(
      '"clues"."next_follow_at" asc nulls last, "clues"."id" asc',
    );
    expect(text(clueOrder({ sortField: 'lastFollowTime', sortOrder: 'desc' }))).toBe(
      '"clues"."last_follow_at" desc nulls last, "clues"."id" desc',
    );
    expect(text(clueOrder({ sortField: 'createTime', sortOrder: 'desc' }))).toBe(
      '"clues"."created_at" desc, "clues"."id" desc',
    );
  });
});

describe('dueTodayPredicate', () => {
  const utc = (iso: string) => Date.parse(`${iso}Z`);
  it('compares the next follow-up with the start of tomorrow in China time', () => {
    // 23:59 on 10 June in China → due before 11 June 00:00 China (10 June 16:00 UTC).
    const before = render(dueTodayPredicate(utc('2026-06-10T15:59:00')));
    expect(before.sql).toContain('"clues"."next_follow_at" <');
    expect(before.params).toContain('2026-06-10T16:00:00.000Z');
    // One minute later it is 11 June in China: the bound moves a day on.
    const after = render(dueTodayPredicate(utc('2026-06-10T16:01:00')));
    expect(after.params).toContain('2026-06-11T16:00:00.000Z');
    expect(render(clueWhere(1, all, { dueToday: true })).sql).toContain(
      '"clues"."next_follow_at" <',
    );
  });
});
