import 'server-only';
import type pg from 'pg';
import { withTransaction } from '@/lib/server/platform';
import { estimateAmountWan, roundRank } from '@/lib/shared/finance/finance';

/** Source rows read per batch while recomputing (memory stays flat at any corpus size). */
const BATCH = 5_000;

type SourceRow = {
  id: string;
  enterprise_id: string;
  round: string;
  financing_date: string;
  amount: string | null;
  investors: string[];
  province_code: string | null;
  industry_section: string | null;
};

/**
 * Recomputes the finance index (migration 0042, ADR 0193) from enterprise_financing and the
 * company data in one transaction: readers see the old events or the new ones, never a mix. One
 * refresh at a time across instances (an advisory lock). Returns the number of events.
 */
export async function recomputeFinanceIndex(db: pg.Pool): Promise<number> {
  return withTransaction(db, async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('finance_index'))`);
    await tx.query('delete from finance_events');
    let after = '0';
    let events = 0;
    for (;;) {
      const { rows } = await tx.query<SourceRow>(
        `select f.id::text, f.enterprise_id::text, f.round, f.financing_date::text, f.amount,
           f.investors, e.province_code, e.industry_section
         from enterprise_financing f join enterprises e on e.id = f.enterprise_id
         where f.id > $1 order by f.id limit $2`,
        [after, BATCH],
      );
      if (rows.length === 0) break;
      await tx.query(
        `insert into finance_events (id, enterprise_id, round, round_rank, financing_date, amount,
           amount_wan, investors, province_code, industry_section)
         select t.id, t.ent, t.round, t.rank, t.day, t.amount, t.wan,
           coalesce((select array_agg(x) from jsonb_array_elements_text(t.inv) x), '{}'),
           t.province, t.section
         from unnest($1::bigint[], $2::bigint[], $3::text[], $4::smallint[], $5::date[], $6::text[],
           $7::numeric[], $8::jsonb[], $9::text[], $10::text[])
           as t(id, ent, round, rank, day, amount, wan, inv, province, section)`,
        [
          rows.map((r) => r.id),
          rows.map((r) => r.enterprise_id),
          rows.map((r) => r.round),
          rows.map((r) => roundRank(r.round)),
          rows.map((r) => r.financing_date),
          rows.map((r) => r.amount),
          rows.map((r) => estimateAmountWan(r.amount)),
          rows.map((r) => JSON.stringify([...new Set(r.investors.map((n) => n.trim()))])),
          rows.map((r) => r.province_code),
          rows.map((r) => r.industry_section),
        ],
      );
      events += rows.length;
      after = rows[rows.length - 1].id;
    }
    // Institutions keep their ids: new names are added, none is removed.
    await tx.query(
      `insert into finance_institutions (name)
       select distinct n from finance_events, unnest(investors) n where n <> ''
       on conflict (name) do nothing`,
    );
    await tx.query('delete from finance_event_investors');
    await tx.query(
      `insert into finance_event_investors
         (institution_id, event_id, enterprise_id, financing_date, round, industry_section)
       select i.id, e.id, e.enterprise_id, e.financing_date, e.round, e.industry_section
       from finance_events e cross join lateral unnest(e.investors) n(name)
       join finance_institutions i on i.name = n.name
       on conflict do nothing`,
    );
    await tx.query(
      `update finance_institutions i set event_count = coalesce(s.events, 0),
         project_count = coalesce(s.projects, 0), first_date = s.first, last_date = s.last,
         updated_at = now()
       from finance_institutions i2
       left join (select institution_id, count(*)::int events,
           count(distinct enterprise_id)::int projects, min(financing_date) first,
           max(financing_date) last
         from finance_event_investors group by 1) s on s.institution_id = i2.id
       where i.id = i2.id`,
    );
    // Each institution's portfolio and co-investors, once per refresh (index ranges per id).
    await tx.query(
      `update finance_institutions i set portfolio = case when i.event_count = 0 then null else
         jsonb_build_object(
           'byRound', (select coalesce(jsonb_agg(jsonb_build_object('key', k, 'count', n)
               order by n desc, k), '[]') from (select round k, count(*)::int n
               from finance_event_investors where institution_id = i.id group by 1) x),
           'bySection', (select coalesce(jsonb_agg(jsonb_build_object('key', k, 'count', n)
               order by n desc, k), '[]') from (select industry_section k, count(*)::int n
               from finance_event_investors where institution_id = i.id
                 and industry_section is not null group by 1) x),
           'byYear', (select coalesce(jsonb_agg(jsonb_build_object('key', k::text, 'count', n)
               order by k desc), '[]') from (select extract(year from financing_date)::int k,
                 count(*)::int n from finance_event_investors where institution_id = i.id
                 group by 1) x),
           'coInvestors', (select coalesce(jsonb_agg(jsonb_build_object('id', id, 'name', name,
               'count', n) order by n desc, id), '[]') from (select o.id, o.name, count(*)::int n
               from finance_event_investors a
               join finance_event_investors b on b.event_id = a.event_id
                 and b.institution_id <> a.institution_id
               join finance_institutions o on o.id = b.institution_id
               where a.institution_id = i.id group by o.id, o.name order by 3 desc, 1 limit 20) x))
       end`,
    );
    await tx.query(
      `insert into finance_index_state (id, refreshed_at, event_count) values (1, now(), $1)
       on conflict (id) do update set refreshed_at = now(), event_count = $1`,
      [events],
    );
    return events;
  });
}

/** When the index was last computed (null: never, or forgotten by a reseed). */
export async function financeRefreshedAt(db: pg.Pool): Promise<Date | null> {
  const { rows } = await db.query<{ refreshed_at: Date | null }>(
    'select refreshed_at from finance_index_state where id = 1',
  );
  return rows[0]?.refreshed_at ?? null;
}
