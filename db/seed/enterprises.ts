import pg from 'pg';
import { CopyWriter, copyArray, copyBool, copyJson, copyNumber, copyText as t } from './copy';
import {
  EnterpriseGenerator,
  NON_POOL_ORG_TYPES,
  type GeneratedEnterprise,
} from './enterprise-generator';

/** Tables of the enterprise corpus, in load order. */
export const CORPUS_TABLES = [
  'enterprises',
  'enterprise_contacts',
  'enterprise_shareholders',
  'enterprise_people',
  'enterprise_changes',
  'enterprise_branches',
  'enterprise_investments',
  'enterprise_financing',
  'enterprise_honors',
  'enterprise_chain_codes',
  'enterprise_annual_reports',
] as const;

export type CorpusTable = (typeof CORPUS_TABLES)[number];

export type SeedPhase = 'prepare' | 'load' | 'index' | 'analyze' | 'done';

export type SeedProgress = {
  phase: SeedPhase;
  done: number;
  total: number;
  elapsedMs: number;
  detail?: string;
};

export type SeedEnterprisesOptions = {
  count: number;
  /** PRNG seed; the same seed always gives the same corpus. Default 20260101. */
  seed?: number;
  /**
   * Called as the load advances: done/total count enterprises (total again during the index and
   * analyze phases); progress says which phase and the elapsed time.
   */
  onProgress?: (done: number, total: number, progress: SeedProgress) => void;
};

export type SeedEnterprisesResult = {
  /** Enterprises written by this call. */
  inserted: number;
  /** Enterprises in the table before this call (a top-up continues after them). */
  existing: number;
  rows: Record<CorpusTable, number>;
  timings: {
    prepareMs: number;
    loadMs: number;
    indexMs: number;
    analyzeMs: number;
    totalMs: number;
  };
};

export const DEFAULT_SEED = 20261122;

const COLUMNS: Record<CorpusTable, readonly string[]> = {
  enterprises: [
    'id',
    'name',
    'former_names',
    'brand_words',
    'uncid',
    'reg_no',
    'org_type',
    'status',
    'legal_person',
    'reg_capital',
    'reg_capital_currency',
    'paid_capital',
    'establish_date',
    'approval_date',
    'term_start',
    'term_end',
    'reg_authority',
    'province_code',
    'city_code',
    'district_code',
    'address',
    'lng',
    'lat',
    'industry_section',
    'industry_division',
    'industry_group',
    'industry_class',
    'business_scope',
    'staff_size',
    'insured_count',
    'website',
    'tags',
    'listed',
    'listing_info',
    'phone_count',
    'email_count',
    'weight',
  ],
  enterprise_contacts: [
    'id',
    'enterprise_id',
    'type',
    'value',
    'person_name',
    'position',
    'source',
  ],
  enterprise_shareholders: [
    'id',
    'enterprise_id',
    'holder_type',
    'holder_name',
    'holder_enterprise_id',
    'ratio',
    'subscribed_amount',
    'subscribed_date',
  ],
  enterprise_people: ['id', 'enterprise_id', 'name', 'roles'],
  enterprise_changes: ['id', 'enterprise_id', 'change_date', 'item', 'before', 'after'],
  enterprise_branches: [
    'id',
    'enterprise_id',
    'name',
    'principal',
    'region_code',
    'establish_date',
    'status',
  ],
  enterprise_investments: [
    'id',
    'enterprise_id',
    'investee_enterprise_id',
    'investee_name',
    'ratio',
    'amount',
    'invest_date',
  ],
  enterprise_financing: ['id', 'enterprise_id', 'round', 'financing_date', 'amount', 'investors'],
  enterprise_honors: ['id', 'enterprise_id', 'name', 'level', 'year', 'issuer'],
  enterprise_chain_codes: ['enterprise_id', 'chain_code', 'chain_name', 'node_name'],
  enterprise_annual_reports: ['id', 'enterprise_id', 'year', 'data', 'published_at'],
};

/**
 * Tables the load fills through triggers on enterprises (migration 0030): their indexes are parked
 * and rebuilt, and they are analysed, with the corpus tables'.
 */
const DERIVED_TABLES = ['enterprise_search_texts'];
/** Every table a load writes to. */
export const LOADED_TABLES: string[] = [...CORPUS_TABLES, ...DERIVED_TABLES];

/** Tables whose id comes from a bigserial we advance ourselves (explicit ids keep COPY cheap). */
const ID_TABLES = CORPUS_TABLES.filter((table) => table !== 'enterprise_chain_codes');

/**
 * Secondary indexes are dropped during a bulk load and rebuilt after it (one sorted build is far
 * cheaper than millions of inserts). Their definitions are parked in this table first, so a load
 * that dies half-way gets its indexes back on the next run.
 */
export const BACKUP_TABLE = 'seed_index_backup';

type Writers = Record<CorpusTable, CopyWriter>;

function serialise(e: GeneratedEnterprise, w: Writers, ids: Record<string, number>): void {
  const eid = String(e.id);
  w.enterprises.write(
    `${eid}\t${t(e.name)}\t${copyArray(e.formerNames)}\t${copyArray(e.brandWords)}\t${e.uncid}\t${t(e.regNo)}\t${t(e.orgType)}\t${t(e.status)}\t${t(e.legalPerson)}\t${copyNumber(e.regCapital)}\t${t(e.regCapitalCurrency)}\t${copyNumber(e.paidCapital)}\t${e.establishDate}\t${e.approvalDate}\t${e.termStart}\t${t(e.termEnd)}\t${t(e.regAuthority)}\t${e.provinceCode}\t${e.cityCode}\t${t(e.districtCode)}\t${t(e.address)}\t${e.lng}\t${e.lat}\t${e.industrySection}\t${e.industryDivision}\t${e.industryGroup}\t${e.industryClass}\t${t(e.businessScope)}\t${t(e.staffSize)}\t${e.insuredCount}\t${t(e.website)}\t${copyArray(e.tags)}\t${copyBool(e.listed)}\t${copyJson(e.listingInfo)}\t${e.phoneCount}\t${e.emailCount}\t${e.weight}\n`,
  );
  for (const c of e.contacts) {
    w.enterprise_contacts.write(
      `${++ids.enterprise_contacts}\t${eid}\t${c.type}\t${t(c.value)}\t${t(c.personName)}\t${t(c.position)}\t${t(c.source)}\n`,
    );
  }
  for (const s of e.shareholders) {
    w.enterprise_shareholders.write(
      `${++ids.enterprise_shareholders}\t${eid}\t${s.holderType}\t${t(s.holderName)}\t${copyNumber(s.holderEnterpriseId)}\t${s.ratio}\t${copyNumber(s.subscribedAmount)}\t${t(s.subscribedDate)}\n`,
    );
  }
  for (const p of e.people)
    w.enterprise_people.write(
      `${++ids.enterprise_people}\t${eid}\t${t(p.name)}\t${copyArray(p.roles)}\n`,
    );
  for (const c of e.changes) {
    w.enterprise_changes.write(
      `${++ids.enterprise_changes}\t${eid}\t${c.changeDate}\t${t(c.item)}\t${t(c.before)}\t${t(c.after)}\n`,
    );
  }
  for (const b of e.branches) {
    w.enterprise_branches.write(
      `${++ids.enterprise_branches}\t${eid}\t${t(b.name)}\t${t(b.principal)}\t${b.regionCode}\t${b.establishDate}\t${t(b.status)}\n`,
    );
  }
  for (const i of e.investments) {
    w.enterprise_investments.write(
      `${++ids.enterprise_investments}\t${i.enterpriseId}\t${i.investeeEnterpriseId}\t${t(i.investeeName)}\t${i.ratio}\t${copyNumber(i.amount)}\t${i.investDate}\n`,
    );
  }
  for (const f of e.financing) {
    w.enterprise_financing.write(
      `${++ids.enterprise_financing}\t${eid}\t${t(f.round)}\t${f.financingDate}\t${t(f.amount)}\t${copyArray(f.investors)}\n`,
    );
  }
  for (const h of e.honors)
    w.enterprise_honors.write(
      `${++ids.enterprise_honors}\t${eid}\t${t(h.name)}\t${t(h.level)}\t${h.year}\t${t(h.issuer)}\n`,
    );
  for (const c of e.chains)
    w.enterprise_chain_codes.write(`${eid}\t${c.chainCode}\t${t(c.chainName)}\t${t(c.nodeName)}\n`);
  for (const r of e.annualReports) {
    w.enterprise_annual_reports.write(
      `${++ids.enterprise_annual_reports}\t${eid}\t${r.year}\t${copyJson(r.data)}\t${r.publishedAt}\n`,
    );
  }
}

export type IndexDef = { name: string; table: string; definition: string };

async function restoreParkedIndexes(client: pg.Client): Promise<IndexDef[]> {
  const exists = await client.query<{ ok: boolean }>(
    `select to_regclass('${BACKUP_TABLE}') is not null as ok`,
  );
  if (!exists.rows[0].ok) return [];
  const { rows } = await client.query<IndexDef>(
    `select name, table_name as "table", definition from ${BACKUP_TABLE}`,
  );
  return rows;
}

async function secondaryIndexes(client: pg.Client): Promise<IndexDef[]> {
  // Indexes that back no constraint (primary keys stay: they are needed while loading). A column
  // statistics target set on an index (the search's bigram indexes) is not part of its definition
  // and is restored with it.
  const { rows } = await client.query<IndexDef>(
    `select ic.relname as name, tc.relname as "table",
            pg_get_indexdef(i.indexrelid) || coalesce((
              select string_agg(format('; ALTER INDEX %I ALTER COLUMN %s SET STATISTICS %s',
                                       ic.relname, a.attnum, a.attstattarget), '' order by a.attnum)
                from pg_attribute a where a.attrelid = i.indexrelid and a.attstattarget >= 0), '') as definition
       from pg_index i
       join pg_class ic on ic.oid = i.indexrelid
       join pg_class tc on tc.oid = i.indrelid
       join pg_namespace n on n.oid = tc.relnamespace
      where n.nspname = current_schema() and tc.relname = any($1)
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [LOADED_TABLES],
  );
  return rows;
}

/** Puts back the indexes a load that died left parked (before anything else touches the tables). */
export async function putBackParkedIndexes(client: pg.Client): Promise<void> {
  const leftovers = await restoreParkedIndexes(client);
  for (const def of leftovers)
    await client.query(
      def.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '),
    );
  if (leftovers.length) await client.query(`drop table ${BACKUP_TABLE}`);
}

/**
 * Drops the corpus tables' secondary indexes for a bulk load, their definitions parked first so
 * a load that dies gets them back (putBackParkedIndexes); rebuildIndexes builds them again.
 */
export async function parkSecondaryIndexes(client: pg.Client): Promise<IndexDef[]> {
  const parked = await secondaryIndexes(client);
  await client.query(
    `create table if not exists ${BACKUP_TABLE} (name text primary key, table_name text not null, definition text not null)`,
  );
  for (const def of parked) {
    await client.query(
      `insert into ${BACKUP_TABLE} (name, table_name, definition) values ($1, $2, $3) on conflict (name) do nothing`,
      [def.name, def.table, def.definition],
    );
    await client.query(`drop index if exists ${client.escapeIdentifier(def.name)}`);
  }
  return parked;
}

/** Builds indexes on two connections at once (the machine budget is two cores). */
export async function rebuildIndexes(
  config: pg.ClientConfig,
  defs: IndexDef[],
  sizes: Map<string, number>,
  onDone: (n: number) => void = () => undefined,
): Promise<void> {
  const queue = [...defs].sort((a, b) => (sizes.get(b.table) ?? 0) - (sizes.get(a.table) ?? 0));
  let done = 0;
  const worker = async () => {
    const client = new pg.Client({ ...config, statement_timeout: 0 });
    await client.connect();
    try {
      await client.query(`set maintenance_work_mem = '1GB'`);
      await client.query('set max_parallel_maintenance_workers = 0');
      for (let def = queue.shift(); def; def = queue.shift()) {
        await client.query(
          def.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '),
        );
        await client.query(`delete from ${BACKUP_TABLE} where name = $1`, [def.name]);
        onDone(++done);
      }
    } finally {
      await client.end();
    }
  };
  await Promise.all([worker(), worker()]);
}

/** ANALYZE of each table, on two connections at once. */
export async function analyzeTables(
  config: pg.ClientConfig,
  tables: readonly string[],
  onDone: (n: number, table: string) => void = () => undefined,
): Promise<void> {
  const queue = [...tables];
  let analysed = 0;
  const worker = async () => {
    const c = new pg.Client({ ...config, statement_timeout: 0 });
    await c.connect();
    try {
      for (let table = queue.shift(); table; table = queue.shift()) {
        await c.query(`analyze ${table}`);
        onDone(++analysed, table);
      }
    } finally {
      await c.end();
    }
  };
  await Promise.all([worker(), worker()]);
}

/** Empties every corpus table (ids restart). Platform tables that point at enterprises are left alone. */
export async function resetEnterpriseCorpus(pool: pg.Pool): Promise<void> {
  await pool.query(`truncate ${CORPUS_TABLES.join(', ')} restart identity`);
}

export async function countEnterprises(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('select count(*)::text as n from enterprises');
  return Number(rows[0].n);
}

/**
 * Generates `count` more enterprises with their child rows and bulk-loads them with COPY.
 * On empty tables it truncates and loads WITH (FREEZE); otherwise it appends after the existing
 * rows (a top-up continues the same deterministic sequence). Secondary indexes are dropped for
 * the load and rebuilt after it, then the tables are analysed.
 */
export async function seedEnterprises(
  pool: pg.Pool,
  options: SeedEnterprisesOptions,
): Promise<SeedEnterprisesResult> {
  const started = Date.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const count = Math.max(0, Math.floor(options.count));
  let loaded = 0;
  const report = (phase: SeedPhase, done: number, total: number, detail?: string) => {
    if (phase === 'load') loaded = done;
    else if (phase !== 'prepare') loaded = count;
    options.onProgress?.(loaded, count, {
      phase,
      done,
      total,
      elapsedMs: Date.now() - started,
      detail,
    });
  };
  const config: pg.ClientConfig = { ...(pool.options as pg.ClientConfig) };

  // Own connections without the app pool's statement timeout: bulk work takes longer than a request.
  const client = new pg.Client({ ...config, statement_timeout: 0 });
  await client.connect();
  let parked: IndexDef[] = [];
  let existing = 0;
  const ids: Record<string, number> = {};
  let generator: EnterpriseGenerator;
  try {
    report('prepare', 0, 1);
    // A previous load that died left its indexes parked: put them back before anything else.
    await putBackParkedIndexes(client);

    const stats = await client.query<{ n: string; max: string | null }>(
      'select count(*)::text as n, max(id)::text as max from enterprises',
    );
    existing = Number(stats.rows[0].n);
    const maxId = Number(stats.rows[0].max ?? 0);
    for (const table of ID_TABLES) {
      const r = await client.query<{ max: string | null }>(
        `select max(id)::text as max from ${table}`,
      );
      ids[table] = Number(r.rows[0].max ?? 0);
    }
    let takenNames: Set<string> | undefined;
    let holderPool: { id: number; name: string }[] | undefined;
    let listedCounts: Record<string, number> | undefined;
    if (existing > 0 && count > 0) {
      // A top-up rebuilds the generator's state from the rows so far.
      const names = await client.query<{ name: string }>('select name from enterprises');
      takenNames = new Set(names.rows.map((r) => r.name));
      const holders = await client.query<{ id: string; name: string }>(
        `select id::text, name from enterprises
          where status in ('存续', '在业') and reg_capital_currency = '人民币' and reg_capital >= 500
            and org_type <> all($1::text[]) order by id`,
        [NON_POOL_ORG_TYPES],
      );
      holderPool = holders.rows.map((r) => ({ id: Number(r.id), name: r.name }));
      const listed = await client.query<{ board: string; n: string }>(
        `select listing_info->>'board' as board, count(*)::text as n from enterprises where listed group by 1`,
      );
      listedCounts = Object.fromEntries(listed.rows.map((r) => [r.board, Number(r.n)]));
    }
    generator = new EnterpriseGenerator({
      seed,
      startIndex: existing,
      idOffset: maxId - existing,
      takenNames,
      holderPool,
      listedCounts,
    });

    if (count > 0) parked = await parkSecondaryIndexes(client);
  } finally {
    await client.end();
  }
  const prepareMs = Date.now() - started;

  // Load.
  const loadStarted = Date.now();
  const writers = Object.fromEntries(
    CORPUS_TABLES.map((table) => [table, new CopyWriter(table, COLUMNS[table])]),
  ) as Writers;
  if (count > 0) {
    const fresh = existing === 0;
    try {
      await Promise.all(CORPUS_TABLES.map((table) => writers[table].open(config, fresh)));
      const batch = 2000;
      for (let done = 0; done < count;) {
        const end = Math.min(count, done + batch);
        for (; done < end; done++) serialise(generator.next(), writers, ids);
        for (const table of CORPUS_TABLES) await writers[table].drain();
        report('load', done, count);
      }
      // Commit children before enterprises so a failure never leaves enterprises without them.
      for (const table of [...CORPUS_TABLES].reverse()) await writers[table].close();
    } catch (err) {
      await Promise.all(CORPUS_TABLES.map((table) => writers[table].abort()));
      throw err;
    }
  }
  const loadMs = Date.now() - loadStarted;

  // Sequences follow the explicit ids.
  for (const table of ID_TABLES) {
    await pool.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
    );
  }

  // Indexes.
  const indexStarted = Date.now();
  const sizes = new Map<string, number>([
    ...CORPUS_TABLES.map((table) => [table, writers[table].rows] as const),
    // One row per enterprise.
    ...DERIVED_TABLES.map((table) => [table, writers.enterprises.rows] as const),
  ]);
  if (parked.length) {
    report('index', 0, parked.length);
    await rebuildIndexes(config, parked, sizes, (n) => report('index', n, parked.length));
    await pool.query(`drop table if exists ${BACKUP_TABLE}`);
  }
  const indexMs = Date.now() - indexStarted;

  // Statistics for the planner.
  const analyzeStarted = Date.now();
  if (count > 0)
    await analyzeTables(config, LOADED_TABLES, (n, table) =>
      report('analyze', n, LOADED_TABLES.length, table),
    );
  const analyzeMs = Date.now() - analyzeStarted;

  const rows = Object.fromEntries(
    CORPUS_TABLES.map((table) => [table, writers[table].rows]),
  ) as Record<CorpusTable, number>;
  const totalMs = Date.now() - started;
  report('done', count, count);
  return {
    inserted: count,
    existing,
    rows,
    timings: { prepareMs, loadMs, indexMs, analyzeMs, totalMs },
  };
}
