/**
 * Licensed company data import (issue 37 item 1, ADR 0212):
 *
 *   1. stage  — every file is streamed, validated record by record and COPYed into UNLOGGED
 *               staging tables in batches; each batch commits with the run's checkpoint, so a
 *               killed run resumes after the last committed batch. Refused records go to the
 *               rejects file (file, row, reason in Chinese, original line).
 *   2. merge  — one transaction: new credit codes inserted, changed companies updated (digest of
 *               the imported values differs), their supplied child tables replaced; unchanged
 *               companies are not touched, so their page version stays. Into an empty (or
 *               demo-only) corpus at scale the secondary indexes are parked first and rebuilt
 *               after (the seed's fast path).
 *   3. analyze — statistics of every table written (search texts follow enterprises by trigger).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { faultPoint } from '@/lib/server/platform/faults/fault-points';
import {
  CORPUS_TABLES,
  LOADED_TABLES,
  analyzeTables,
  parkSecondaryIndexes,
  putBackParkedIndexes,
  rebuildIndexes,
} from '../seed/enterprises';
import { CopyWriter } from '../seed/copy';
import {
  CHILD_COLUMNS,
  CHILD_KINDS,
  COMPANY_COLUMNS,
  convertRecord,
  defaultWeight,
  kindBit,
  type ChildKind,
  type KnownCodes,
} from './enterprise-columns';
import {
  ImportFileError,
  describeFile,
  preflight,
  readRecords,
  type SourceFile,
  type SourceRecord,
} from './enterprise-reader';

export { ImportFileError } from './enterprise-reader';

export type ImportPhase = 'prepare' | 'stage' | 'merge' | 'index' | 'analyze' | 'done';

export type ImportProgress = {
  phase: ImportPhase;
  /** Records read so far (all files). */
  records: number;
  staged: number;
  rejected: number;
  elapsedMs: number;
  detail?: string;
};

export type ImportOptions = {
  files: string[];
  /** Where refused records are written; default `<first file>.rejects.csv` beside it. */
  rejectsPath?: string;
  /** At least this many companies into an empty corpus: park and rebuild indexes. */
  fastPathMin?: number;
  /** Records per staging transaction (checkpoint); tests make it small. */
  batchSize?: number;
  /** Keep demo companies instead of replacing them (they are replaced by default). */
  keepDemo?: boolean;
  onProgress?: (p: ImportProgress) => void;
  log?: (line: string) => void;
};

export type ImportResult = {
  runId: number;
  resumed: boolean;
  records: number;
  staged: number;
  rejected: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejectsPath: string | null;
  fastPath: boolean;
  demoReplaced: boolean;
  timings: {
    stageMs: number;
    mergeMs: number;
    indexMs: number;
    analyzeMs: number;
    totalMs: number;
  };
};

/** Records per staging transaction (and checkpoint). */
const BATCH = 20_000;
const STAGE = 'enterprise_import_stage';
const LOCK = 727012;
const stageOf = (kind: ChildKind) => `${STAGE}_${kind}`;

const STAGE_COMPANY_COLUMNS = [
  'run_id',
  'ord',
  'uncid',
  'row_digest',
  'supplied',
  ...COMPANY_COLUMNS.filter((c) => c.db !== 'uncid').map((c) => c.db),
];
/** Company columns the merge writes (staging name = enterprises name). */
const WRITTEN = COMPANY_COLUMNS.filter((c) => c.db !== 'uncid').map((c) => c.db);
const STAGE_CHILD_COLUMNS = (kind: ChildKind) => [
  'run_id',
  'ord',
  'uncid',
  ...CHILD_COLUMNS[kind].filter((c) => c.db !== 'uncid').map((c) => c.db),
];

/** A companies file before child files: children are checked against the companies read. */
function orderFiles(files: SourceFile[]): SourceFile[] {
  return [
    ...files.filter((f) => f.kind === 'companies'),
    ...files.filter((f) => f.kind !== 'companies'),
  ];
}

async function hashFiles(files: SourceFile[]): Promise<string> {
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(`${file.kind}\0${path.basename(file.path)}\0`);
    for await (const chunk of fs.createReadStream(file.path, { highWaterMark: 1 << 20 }))
      hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

function csvCell(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rejects file: 文件,行号,原因,原始行 (the line cut at 4,000 characters). */
class Rejects {
  count = 0;
  private out: fs.WriteStream | null = null;
  constructor(readonly file: string) {}
  write(source: string, row: number, reason: string, raw: string) {
    if (!this.out) {
      this.out = fs.createWriteStream(this.file);
      this.out.write('\uFEFF文件,行号,原因,原始行\n');
    }
    this.count++;
    const line = raw.length > 4000 ? `${raw.slice(0, 4000)}…` : raw;
    this.out.write(`${[source, row, reason, line].map(csvCell).join(',')}\n`);
  }
  async close() {
    const out = this.out;
    if (!out) {
      fs.rmSync(this.file, { force: true });
      return;
    }
    await new Promise<void>((resolve, reject) =>
      out.end((err?: Error | null) => (err ? reject(err) : resolve())),
    );
  }
}

type Staging = {
  companies: string[];
  children: Record<ChildKind, string[]>;
  rows: number;
};
const emptyStaging = (): Staging => ({
  companies: [],
  children: { shareholders: [], people: [], changes: [], branches: [] },
  rows: 0,
});

async function copyLines(client: pg.Client, table: string, columns: string[], lines: string[]) {
  if (!lines.length) return;
  const writer = new CopyWriter(table, columns);
  writer.openOn(client);
  for (const line of lines) writer.write(line);
  await writer.finish();
}

async function loadKnownCodes(client: pg.Client): Promise<KnownCodes> {
  const regions = await client.query<{ code: string }>('select code from regions');
  const industries = await client.query<{ code: string }>('select code from industries');
  return {
    regions: new Set(regions.rows.map((r) => r.code)),
    industries: new Set(industries.rows.map((r) => r.code)),
  };
}

export async function importEnterprises(
  pool: pg.Pool,
  options: ImportOptions,
): Promise<ImportResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  if (!options.files.length) throw new ImportFileError('请给出要导入的文件');
  const files = orderFiles(options.files.map(describeFile));
  if (!files.some((f) => f.kind === 'companies'))
    throw new ImportFileError(
      '至少需要一个企业文件（子表文件按统一社会信用代码挂在本次导入的企业上）',
    );
  for (const note of await preflight(files)) log(note);
  const rejectsPath = path.resolve(
    options.rejectsPath ?? `${files[0].path.replace(/\.gz$/, '')}.rejects.csv`,
  );
  const filesHash = await hashFiles(files);

  const config: pg.ClientConfig = { ...(pool.options as pg.ClientConfig) };
  const client = new pg.Client({ ...config, statement_timeout: 0 });
  await client.connect();
  const progress: ImportProgress = {
    phase: 'prepare',
    records: 0,
    staged: 0,
    rejected: 0,
    elapsedMs: 0,
  };
  const report = (phase: ImportPhase, detail?: string) => {
    progress.phase = phase;
    progress.detail = detail;
    progress.elapsedMs = Date.now() - started;
    options.onProgress?.({ ...progress });
  };
  try {
    // One import at a time. A killed import's server session may hold the lock until its last
    // statement ends: a rerun waits for it rather than failing.
    const locked = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
      LOCK,
    ]);
    if (!locked.rows[0].ok) {
      log('另一个企业数据导入正在进行（或刚被中断的导入仍在收尾），等待它结束…');
      await client.query('select pg_advisory_lock($1)', [LOCK]);
    }
    report('prepare');
    await putBackParkedIndexes(client);

    // The unfinished run of these same files is resumed; anything else staged is dropped.
    const prior = await client.query<{ id: string; checkpoint: string; staged: string }>(
      `select id, checkpoint, staged from enterprise_import_runs
        where files_hash = $1 and status in ('staging', 'staged') order by id desc limit 1`,
      [filesHash],
    );
    let runId: number;
    let checkpoint = 0;
    let resumed = false;
    if (prior.rows[0]) {
      runId = Number(prior.rows[0].id);
      const { rows } = await client.query<{ n: string }>(
        `select count(*) as n from ${STAGE} where run_id = $1`,
        [runId],
      );
      // An unlogged table is emptied by a server crash: then the run stages again from the start.
      if (Number(rows[0].n) === Number(prior.rows[0].staged)) {
        checkpoint = Number(prior.rows[0].checkpoint);
        resumed = true;
      }
    } else {
      const { rows } = await client.query<{ id: string }>(
        `insert into enterprise_import_runs (files_hash, files) values ($1, $2) returning id`,
        [filesHash, JSON.stringify(files.map((f) => ({ path: f.path, kind: f.kind })))],
      );
      runId = Number(rows[0].id);
    }
    await client.query(
      `update enterprise_import_runs set status = 'abandoned', finished_at = now()
        where status in ('staging', 'staged') and id <> $1`,
      [runId],
    );
    for (const table of [STAGE, ...CHILD_KINDS.map(stageOf)])
      if (resumed) await client.query(`delete from ${table} where run_id <> $1`, [runId]);
      else await client.query(`truncate ${table}`);
    await client.query(
      `update enterprise_import_runs set status = 'staging', checkpoint = $2, staged = $3 where id = $1`,
      [runId, checkpoint, checkpoint ? Number(prior.rows[0].staged) : 0],
    );
    if (resumed)
      log(`继续上次未完成的导入（第 ${runId} 次），已暂存 ${checkpoint} 条记录之后接着读`);

    // 1. Stage.
    const stageStarted = Date.now();
    const known = await loadKnownCodes(client);
    const rejects = new Rejects(rejectsPath);
    const seen = new Set<string>();
    const csvChildBits = files
      .filter((f) => f.kind !== 'companies' && f.format === 'csv')
      .reduce((bits, f) => bits | kindBit(f.kind as ChildKind), 0);
    let ord = 0;
    let childOrd = 0;
    let staged = 0;
    let batch = emptyStaging();
    let lastReport = 0;

    const flush = async () => {
      if (batch.rows) {
        await client.query('begin');
        await copyLines(client, STAGE, STAGE_COMPANY_COLUMNS, batch.companies);
        for (const kind of CHILD_KINDS)
          await copyLines(client, stageOf(kind), STAGE_CHILD_COLUMNS(kind), batch.children[kind]);
        await client.query(
          `update enterprise_import_runs set checkpoint = $2, staged = $3, rejected = $4 where id = $1`,
          [runId, ord, staged, rejects.count],
        );
        await client.query('commit');
        faultPoint('import.batch.committed');
      }
      batch = emptyStaging();
    };

    const childLine = (kind: ChildKind, uncid: string, values: string[]) =>
      `${runId}\t${++childOrd}\t${uncid}\t${values.join('\t')}\n`;

    const stageCompany = (file: SourceFile, rec: SourceRecord, write: boolean): string | null => {
      const converted = convertRecord(COMPANY_COLUMNS, rec.get, known);
      if ('reason' in converted) return converted.reason;
      const [uncid, ...values] = converted.values;
      if (seen.has(uncid)) return `统一社会信用代码 ${uncid} 在本次导入中重复（保留先出现的一条）`;
      const at = (key: string) => WRITTEN.indexOf(key);
      if ((values[at('lng')] === '\\N') !== (values[at('lat')] === '\\N'))
        return 'lng 与 lat 须同时给出或同时为空';
      if (values[at('weight')] === '\\N')
        values[at('weight')] = defaultWeight(
          values[at('reg_capital')],
          values[at('status')],
          values[at('website')],
        );
      // JSONL: nested child arrays, all checked before the company is kept.
      let supplied = file.format === 'csv' ? csvChildBits : 0;
      const nested: [ChildKind, string[]][] = [];
      if (rec.nested) {
        for (const kind of CHILD_KINDS) {
          const items = rec.nested(kind);
          if (items === undefined || items === null) continue;
          if (!Array.isArray(items)) return `${kind} 须为数组`;
          supplied |= kindBit(kind);
          const lines: string[] = [];
          const specs = CHILD_COLUMNS[kind].slice(1);
          for (let i = 0; i < items.length; i++) {
            const item = items[i] as Record<string, unknown> | null;
            if (!item || typeof item !== 'object') return `${kind}[${i}] 须为对象`;
            const child = convertRecord(
              specs,
              (key) =>
                item[key] === undefined || item[key] === null
                  ? ''
                  : Array.isArray(item[key])
                    ? (item[key] as unknown[]).join('|')
                    : String(item[key]),
              known,
            );
            if ('reason' in child) return `${kind}[${i}]：${child.reason}`;
            lines.push(child.values.join('\t'));
          }
          nested.push([kind, lines]);
        }
      }
      seen.add(uncid);
      staged++;
      if (!write) {
        // Child positions continue as in the run that staged them (they order the digests).
        for (const [, lines] of nested) childOrd += lines.length;
        return null;
      }
      const data = values.join('\t');
      const digest = crypto.createHash('md5').update(data).digest('hex');
      batch.companies.push(`${runId}\t${ord}\t${uncid}\t${digest}\t${supplied}\t${data}\n`);
      for (const [kind, lines] of nested)
        for (const line of lines)
          batch.children[kind].push(childLine(kind, uncid, line.split('\t')));
      return null;
    };

    const stageChild = (kind: ChildKind, rec: SourceRecord, write: boolean): string | null => {
      const converted = convertRecord(CHILD_COLUMNS[kind], rec.get, known);
      if ('reason' in converted) return converted.reason;
      const [uncid, ...values] = converted.values;
      if (!seen.has(uncid))
        return `统一社会信用代码 ${uncid} 不在本次导入的企业文件中（或该企业行被拒绝）`;
      if (write) batch.children[kind].push(childLine(kind, uncid, values));
      else childOrd++;
      return null;
    };

    for (const file of files) {
      const source = path.basename(file.path);
      for await (const rec of readRecords(file)) {
        ord++;
        progress.records = ord;
        const write = ord > checkpoint;
        const reason =
          rec.reason ??
          (file.kind === 'companies'
            ? stageCompany(file, rec, write)
            : stageChild(file.kind, rec, write));
        if (reason) rejects.write(source, rec.row, reason, rec.raw);
        else if (write) batch.rows++;
        progress.staged = staged;
        progress.rejected = rejects.count;
        if (
          batch.rows >= (options.batchSize ?? BATCH) ||
          batch.companies.length + batch.children.people.length > BATCH * 4
        )
          await flush();
        if (Date.now() - lastReport > 1000) {
          lastReport = Date.now();
          report('stage', source);
        }
      }
    }
    await flush();
    await rejects.close();
    await client.query(
      `update enterprise_import_runs set status = 'staged', checkpoint = $2, staged = $3, rejected = $4 where id = $1`,
      [runId, ord, staged, rejects.count],
    );
    report('stage');
    const stageMs = Date.now() - stageStarted;

    // 2. Merge.
    const mergeStarted = Date.now();
    report('merge');
    const state = await client.query<{ companies: boolean; imported: boolean }>(
      `select exists(select 1 from enterprises) as companies,
              exists(select 1 from enterprise_import_runs where status = 'done') as imported`,
    );
    const demoReplaced = state.rows[0].companies && !state.rows[0].imported && !options.keepDemo;
    const emptyCorpus = !state.rows[0].companies || demoReplaced;
    const fastPath = emptyCorpus && staged >= (options.fastPathMin ?? 50_000);
    if (demoReplaced) log('库中只有演示企业：导入后演示企业将被替换（--keep-demo 可保留）');
    let parked: Awaited<ReturnType<typeof parkSecondaryIndexes>> = [];
    if (fastPath) parked = await parkSecondaryIndexes(client);
    const counts = await mergeRun(client, runId, {
      truncate: demoReplaced,
      bulk: fastPath || demoReplaced,
    }).catch(async (err: unknown) => {
      // A failed merge (not a crash) gives the parked indexes back at once.
      if (parked.length) await putBackParkedIndexes(client).catch(() => undefined);
      throw err;
    });
    const mergeMs = Date.now() - mergeStarted;

    // 3. Indexes (fast path) and statistics.
    const indexStarted = Date.now();
    if (parked.length) {
      report('index', `${parked.length} 个索引`);
      await rebuildIndexes(config, parked, new Map());
      await client.query('drop table if exists seed_index_backup');
    }
    const indexMs = Date.now() - indexStarted;
    for (const table of [STAGE, ...CHILD_KINDS.map(stageOf)])
      await client.query(`truncate ${table}`);
    const analyzeStarted = Date.now();
    if (counts.inserted + counts.updated > 0) {
      report('analyze');
      const written = new Set<string>([
        'enterprises',
        'enterprise_search_texts',
        'enterprise_import_digests',
      ]);
      for (const kind of CHILD_KINDS) written.add(`enterprise_${kind}`);
      if (demoReplaced) for (const t of [...CORPUS_TABLES, ...LOADED_TABLES]) written.add(t);
      await analyzeTables(config, [...written]);
    }
    const analyzeMs = Date.now() - analyzeStarted;
    report('done');
    return {
      runId,
      resumed,
      records: ord,
      staged,
      rejected: rejects.count,
      ...counts,
      rejectsPath: rejects.count ? rejectsPath : null,
      fastPath,
      demoReplaced,
      timings: { stageMs, mergeMs, indexMs, analyzeMs, totalMs: Date.now() - started },
    };
  } catch (err) {
    // A bad file (not a crash) leaves nothing staged behind: the run is marked failed.
    if (err instanceof ImportFileError) {
      try {
        await client.query('rollback');
        await client.query(
          `update enterprise_import_runs set status = 'failed', message = $1, finished_at = now()
            where status in ('staging', 'staged')`,
          [err.message],
        );
        for (const table of [STAGE, ...CHILD_KINDS.map(stageOf)])
          await client.query(`truncate ${table}`);
      } catch {
        // The message of the bad file matters more than the clean-up.
      }
    }
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const CHILD_TARGET: Record<
  ChildKind,
  { table: string; insert: string; select: string; joins: string }
> = {
  shareholders: {
    table: 'enterprise_shareholders',
    insert:
      'holder_type, holder_name, holder_enterprise_id, ratio, subscribed_amount, subscribed_date',
    select: 'c.holder_type, c.holder_name, h.id, c.ratio, c.subscribed_amount, c.subscribed_date',
    joins: 'left join enterprises h on h.uncid = c.holder_uncid',
  },
  people: {
    table: 'enterprise_people',
    insert: 'name, roles',
    select: 'c.name, c.roles',
    joins: '',
  },
  changes: {
    table: 'enterprise_changes',
    insert: 'change_date, item, before, after',
    select: 'c.change_date, c.item, c.before, c.after',
    joins: '',
  },
  branches: {
    table: 'enterprise_branches',
    insert: 'branch_enterprise_id, name, principal, region_code, establish_date, status',
    select: 'h.id, c.name, c.principal, c.region_code, c.establish_date, c.status',
    joins: 'left join enterprises h on h.uncid = c.branch_uncid',
  },
};

/**
 * The staged run into the real tables, in one transaction: a kill at any point leaves the tables
 * as they were and the staged rows for the rerun.
 */
async function mergeRun(
  client: pg.Client,
  runId: number,
  how: { truncate: boolean; bulk: boolean },
): Promise<{ inserted: number; updated: number; unchanged: number }> {
  // Only the imported values count: not the run or the position in the file.
  const kindDigest = (kind: ChildKind) => `
    case when s.supplied & ${kindBit(kind)} <> 0 then coalesce(
      (select md5(string_agg(row(${STAGE_CHILD_COLUMNS(kind)
        .slice(3)
        .map((col) => `c.${col}`)
        .join(', ')})::text, E'\\n' order by c.ord)) from ${stageOf(kind)} c
        where c.run_id = s.run_id and c.uncid = s.uncid), 'none') end`;
  await client.query('begin');
  try {
    // Bulk: no page-version bumps per company (a truncate moves the whole generation on instead).
    if (how.bulk) await client.query(`set local leadradar.bulk_load = 'on'`);
    if (how.truncate) await client.query(`truncate ${CORPUS_TABLES.join(', ')}`);
    // Fresh staging rows have no statistics: without them the planner takes a few rows for
    // 100,000 and nests loops over them.
    for (const table of [STAGE, ...CHILD_KINDS.map(stageOf)])
      await client.query(`analyze ${table}`);
    // Child digests are read by uncid: an index on the staged children for that.
    for (const kind of CHILD_KINDS)
      await client.query(
        `create index if not exists ${stageOf(kind)}_uncid_idx on ${stageOf(kind)} (run_id, uncid)`,
      );
    await client.query(
      `create temp table import_merge on commit drop as
       select s.ord, s.uncid, s.row_digest, e.id as eid, e.id is null as is_new,
              d.row_digest as old_row,
              ${CHILD_KINDS.map((k) => `d.${k} as old_${k}, ${kindDigest(k)} as new_${k}`).join(',\n')}
         from ${STAGE} s
         left join enterprises e on e.uncid = s.uncid
         left join enterprise_import_digests d on d.uncid = s.uncid
        where s.run_id = $1`,
      [runId],
    );
    const childChanged = (k: ChildKind) =>
      `(m.new_${k} is not null and m.old_${k} is distinct from m.new_${k})`;
    await client.query(
      `alter table import_merge add column changed boolean;
       update import_merge m set changed = m.is_new or m.old_row is distinct from m.row_digest
         or ${CHILD_KINDS.map(childChanged).join(' or ')}`,
    );
    await client.query('analyze import_merge');
    const set = WRITTEN.map((c) => `${c} = s.${c}`).join(', ');
    await client.query(
      `update enterprises e set ${set}, updated_at = now()
         from import_merge m join ${STAGE} s on s.run_id = $1 and s.ord = m.ord
        where e.id = m.eid and not m.is_new and m.old_row is distinct from m.row_digest`,
      [runId],
    );
    const inserted = await client.query(
      `insert into enterprises (uncid, ${WRITTEN.join(', ')})
       select s.uncid, ${WRITTEN.map((c) => `s.${c}`).join(', ')}
         from ${STAGE} s join import_merge m on m.ord = s.ord
        where s.run_id = $1 and m.is_new order by s.ord`,
      [runId],
    );
    if (inserted.rowCount)
      await client.query(
        `update import_merge m set eid = e.id from enterprises e where m.is_new and e.uncid = m.uncid`,
      );
    for (const kind of CHILD_KINDS) {
      const t = CHILD_TARGET[kind];
      await client.query(
        `delete from ${t.table} x using import_merge m
          where x.enterprise_id = m.eid and not m.is_new and ${childChanged(kind)}`,
      );
      await client.query(
        `insert into ${t.table} (enterprise_id, ${t.insert})
         select m.eid, ${t.select}
           from ${stageOf(kind)} c join import_merge m on m.uncid = c.uncid ${t.joins}
          where c.run_id = $1 and m.new_${kind} is not null and (m.is_new or ${childChanged(kind)})
          order by c.ord`,
        [runId],
      );
    }
    await client.query(
      `insert into enterprise_import_digests as d (uncid, row_digest, ${CHILD_KINDS.join(', ')})
       select uncid, row_digest, ${CHILD_KINDS.map((k) => `new_${k}`).join(', ')} from import_merge where changed
       on conflict (uncid) do update set row_digest = excluded.row_digest,
         ${CHILD_KINDS.map((k) => `${k} = coalesce(excluded.${k}, d.${k})`).join(', ')}`,
    );
    const { rows } = await client.query<{ changed: string; total: string }>(
      `select count(*) filter (where changed) as changed, count(*) as total from import_merge`,
    );
    const changed = Number(rows[0].changed);
    const counts = {
      inserted: inserted.rowCount ?? 0,
      updated: changed - (inserted.rowCount ?? 0),
      unchanged: Number(rows[0].total) - changed,
    };
    await client.query(
      `update enterprise_import_runs set status = 'done', finished_at = now(),
         inserted = $2, updated = $3, unchanged = $4 where id = $1`,
      [runId, counts.inserted, counts.updated, counts.unchanged],
    );
    faultPoint('import.merge.before-commit');
    await client.query('commit');
    return counts;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}
