import { appendFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { getRoutes } from '@/lib/server/edge/api/routes';
import type { RouteDefinition } from '@/lib/server/platform/http/define-route';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { loadUserAccess } from '@/lib/server/identity/permission/permission.service';
import { hasPermission } from '@/lib/shared/auth/permission';
import { ERRORS, SUCCESS_CODE } from '@/lib/shared/api/error-codes';
import { dispatchApi } from '@/lib/server/edge/api/dispatch';
import { CLIENT_IP_HEADER } from '@/lib/server/platform/http/client-info';
import type { TestUser } from '@/test/helpers/api';
import { installMemoryFileStorage } from '@/test/helpers/memory-storage';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import { wywSingleJob } from '@/lib/server/crm';
import type { JobRunner } from '@/lib/server/platform/jobs/job-runner';
import {
  INPUT_STAYS_INVALID,
  PUBLIC_BY_DESIGN,
  accessRequest,
  routeKey,
  sampleRoutes,
  type AccessRequest,
} from '../access-plan';
import {
  CALLER_KINDS,
  createCallers,
  ownerSnapshot,
  seedOwner,
  type CallerKind,
  type LiveKind,
  type Owner,
} from '../owner-fixture';

/**
 * The enumerated access suite (issue 36 item 1, ADR 0207): every operation of the route registry,
 * sent as each kind of caller that must not reach the owner's rows, with ids pointing at them.
 * Every answer is the right refusal, no answer carries one of the owner's markers, and no call
 * changes one of the owner's rows.
 *
 * `npm run test:access` (ACCESS_FULL=1) walks every operation; a normal run walks ACCESS_SAMPLE
 * operations (30) drawn by ACCESS_SEED (random, printed; set it to replay a run);
 * ACCESS_LOG=<file> writes every call's operation, caller, id fields and answer.
 */
const FULL = process.env.ACCESS_FULL === '1';
const SAMPLE = Number(process.env.ACCESS_SAMPLE) || 30;
const SEED = Number(process.env.ACCESS_SEED) || Math.floor(Math.random() * 2 ** 31);
/** An answer that streams (the AI's message stream) is read this long, then cut. */
const READ_MS = 5_000;

installMemoryFileStorage();

const all = getRoutes();
const targets = FULL ? all : sampleRoutes(all, SAMPLE, SEED);

let owner: Owner;
let runner: JobRunner;
let callers: Awaited<ReturnType<typeof createCallers>>;
const permissionsOf = new Map<string, ReadonlySet<string>>();
const stats = { calls: 0, routes: 0, validInput: 0, reachedHandler: 0, started: 0 };

afterAll(async () => {
  await runner?.stop();
  const seconds = ((performance.now() - stats.started) / 1000).toFixed(1);
  process.stdout.write(
    `access suite: ${stats.routes} operations × ${CALLER_KINDS.length} callers, ${stats.calls} calls, ` +
      `${stats.validInput} operations with input valid for their contract, ${stats.reachedHandler} ` +
      `calls past the permission check with valid input, ${seconds} s, seed ${SEED}\n`,
  );
});

/** With ACCESS_LOG=<file>, one JSON line per call: operation, caller, id fields, answer. */
function logCall(line: unknown[]): void {
  if (process.env.ACCESS_LOG) appendFileSync(process.env.ACCESS_LOG, `${JSON.stringify(line)}\n`);
}

let ipCount = 0;
/** Each call from its own address, so per-IP limits do not stand in for a refusal. */
function nextIp(): string {
  ipCount += 1;
  return `10.${(ipCount >> 16) & 255}.${(ipCount >> 8) & 255}.${ipCount & 255}`;
}

/** The whole answer as text: JSON, a file's bytes, or an .xlsx's cells; a stream is cut. */
async function bodyText(res: Response): Promise<string> {
  const reading = res.arrayBuffer();
  let timeout: NodeJS.Timeout | undefined;
  const timer = new Promise<null>((resolve) => {
    timeout = setTimeout(() => resolve(null), READ_MS);
  });
  const bytes = await Promise.race([reading, timer]);
  clearTimeout(timeout);
  if (bytes === null) {
    await res.body?.cancel().catch(() => undefined);
    return '';
  }
  const buf = Buffer.from(bytes);
  if (buf.subarray(0, 2).toString('latin1') === 'PK') {
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(bytes);
      const cells: string[] = [];
      book.eachSheet((sheet) =>
        sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))),
      );
      return cells.join('\n');
    } catch {
      return buf.toString('latin1');
    }
  }
  return buf.toString('utf8');
}

type Answer = { status: number; code?: number; msg?: string; text: string };

/** Sends one request through the API root as an HTTP client would, and reads all of the answer. */
async function send(req: AccessRequest, caller: TestUser | null, tenantId?: number | null) {
  stats.calls += 1;
  const headers = new Headers({ [CLIENT_IP_HEADER]: nextIp() });
  if (caller) headers.set('authorization', `Bearer ${caller.accessToken}`);
  const tenant = tenantId === undefined ? caller?.tenantId : tenantId;
  if (tenant !== undefined && tenant !== null) headers.set('tenant-id', String(tenant));
  if (req.body !== undefined) headers.set('content-type', 'application/json');
  const res = await dispatchApi(
    new Request(`http://localhost/admin-api${req.url}`, {
      method: req.method,
      headers,
      body: req.form ?? req.body,
    }),
  );
  const text = await bodyText(res);
  let code: number | undefined;
  let msg: string | undefined;
  try {
    ({ code, msg } = JSON.parse(text) as { code?: number; msg?: string });
  } catch {
    // a file or a stream
  }
  return { status: res.status, code, msg, text } satisfies Answer;
}

async function holds(caller: TestUser, route: RouteDefinition): Promise<boolean> {
  if (!route.permission) return true;
  let perms = permissionsOf.get(caller.accessToken);
  if (!perms) {
    perms = new Set((await loadUserAccess(caller.userId, caller.tenantId)).permissions);
    permissionsOf.set(caller.accessToken, perms);
  }
  return hasPermission(perms, route.permission);
}

const describeAnswer = (a: Answer) =>
  `HTTP ${a.status}, code ${a.code ?? '-'} ${a.msg ?? ''} ${a.text.slice(0, 160)}`;

/**
 * Who may read what: a colleague the tenant's shared rows, nobody else anything of the owner's.
 * The unlocked company's contacts stop being a secret for a tenant that unlocked them itself
 * (another tenant's admin may, with its own quota, through the unlock route).
 */
async function secretsFor(kind: CallerKind, caller: TestUser | null): Promise<string[]> {
  if (kind.startsWith('employee')) return [owner.privateMarker];
  const secrets = [owner.privateMarker, owner.tenantMarker];
  const ownUnlock =
    caller?.tenantId &&
    (
      await getDb().execute(
        sql`select 1 from enterprise_unlocks where tenant_id = ${caller.tenantId} and enterprise_id = ${owner.ids.enterpriseId}`,
      )
    ).rows.length > 0;
  return ownUnlock ? secrets : [...secrets, owner.unlockedMobile];
}

/** Paths whose `id` names a public company, not a row of the owner's. */
const PUBLIC_ROW_PATH = /\/enterprise/;

/** The server failed (not: refused the caller or the input, or asked to retry a running task). */
const serverFailed = (a: Answer) =>
  a.status >= 500 ||
  a.code === ERRORS.INTERNAL_SERVER_ERROR.code ||
  a.code === ERRORS.UNKNOWN.code ||
  (a.code === ERRORS.SERVICE_UNAVAILABLE.code && a.msg === ERRORS.SERVICE_UNAVAILABLE.msg);

describe(`the enumerated access suite (seed ${SEED})`, () => {
  beforeAll(async () => {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    stats.started = performance.now();
    // 挖一挖 of one company waits up to 20 s for its job: a runner answers it at once.
    runner = await startTestJobRunner([wywSingleJob]);
    owner = await seedOwner();
    callers = await createCallers(owner);
    process.stdout.write(
      `access suite: ${FULL ? 'every operation' : `a sample of ${targets.length}`} of ${all.length}, ` +
        `seed ${SEED} (ACCESS_SEED=${SEED} replays it)\n`,
    );
  }, 60_000);

  it.each(targets.map((r) => [routeKey(r), r] as const))(
    '%s refuses every caller it must and leaks nothing',
    async (key, route) => {
      stats.routes += 1;
      const req = accessRequest(route, owner.ids);
      if (req.valid) stats.validInput += 1;
      const problems: string[] = [];
      const isPublic = route.access === 'public';
      const writes = route.method !== 'GET';
      // The operation names one row of the owner's by `id` (not a public company): get, update,
      // delete… must answer not found or a refusal to anyone but the owner's side, never success.
      const targetsOwnerRow =
        req.pointed.includes('id') && !isPublic && !PUBLIC_ROW_PATH.test(route.path);
      let before = writes ? await ownerSnapshot(owner) : '';
      const check = async (
        kind: CallerKind,
        a: Answer,
        expected: 'unauthorized' | 'forbidden' | 'no leak',
      ) => {
        logCall([key, kind, req.pointed.join(','), a.status, a.code, a.msg]);
        if (serverFailed(a)) problems.push(`${kind}: server error: ${describeAnswer(a)}`);
        if (expected === 'unauthorized' && a.code !== ERRORS.UNAUTHORIZED.code)
          problems.push(`${kind}: expected 401, got ${describeAnswer(a)}`);
        if (expected === 'forbidden' && a.code !== ERRORS.FORBIDDEN.code)
          problems.push(`${kind}: expected 403, got ${describeAnswer(a)}`);
        if (targetsOwnerRow && a.code === SUCCESS_CODE)
          problems.push(
            `${kind}: acted on the owner's row ${req.pointed.join(', ')}: ${describeAnswer(a)}`,
          );
        for (const secret of await secretsFor(kind, callers.callers[kind]))
          if (a.text.includes(secret))
            problems.push(`${kind}: the answer holds ${secret}: ${describeAnswer(a)}`);
        if (writes) {
          const after = await ownerSnapshot(owner);
          if (after !== before)
            problems.push(`${kind}: changed the owner's rows:\n${before}\n→ ${after}`);
          before = after;
        }
      };

      for (const kind of ['anonymous', 'revoked token', 'disabled user'] as const) {
        const a = await send(req, callers.callers[kind]);
        await check(kind, a, isPublic ? 'no leak' : 'unauthorized');
      }
      const other = callers.callers["another tenant's admin"]!;
      // The owner's tenant named in the header: refused before anything is read.
      const mismatch = await send(req, other, owner.ids.tenantId);
      if (mismatch.code !== ERRORS.FORBIDDEN.code)
        problems.push(
          `another tenant's admin with the owner's tenant-id: expected 403, got ${describeAnswer(mismatch)}`,
        );
      for (const kind of [
        "another tenant's admin",
        'employee outside the scope (仅本人)',
        'employee outside the scope (本部门)',
        'employee without the permission',
      ] as const satisfies readonly LiveKind[]) {
        const caller = callers.callers[kind]!;
        const allowed = await holds(caller, route);
        if (allowed && req.valid) stats.reachedHandler += 1;
        const a = await send(req, caller);
        await check(kind, a, allowed ? 'no leak' : 'forbidden');
      }
      // A route that ended a caller's own session (logout, password, dissolving its tenant).
      for (const kind of await callers.ensureAlive()) permissionsOf.delete(kind);
      expect({ key, problems }).toEqual({ key, problems: [] });
    },
    120_000,
  );
});

describe('the registry is covered', () => {
  it('every public operation is listed as public by design with why, and the list is current', () => {
    const publicKeys = all.filter((r) => r.access === 'public').map(routeKey);
    const unlisted = publicKeys.filter((k) => !(k in PUBLIC_BY_DESIGN));
    const stale = Object.keys(PUBLIC_BY_DESIGN).filter((k) => !publicKeys.includes(k));
    expect({ unlisted, stale }).toEqual({ unlisted: [], stale: [] });
    for (const why of Object.values(PUBLIC_BY_DESIGN)) expect(why.length).toBeGreaterThan(20);
  });

  it('every operation is covered: walked with input its contract accepts, or listed with why not', () => {
    // Distinct ids, as the owner's rows have.
    let next = 0;
    const anyIds = new Proxy({}, { get: () => (next += 1) }) as Owner['ids'];
    const invalid = all.filter((r) => !accessRequest(r, anyIds).valid).map(routeKey);
    const unlisted = invalid.filter((k) => !(k in INPUT_STAYS_INVALID));
    const stale = Object.keys(INPUT_STAYS_INVALID).filter((k) => !invalid.includes(k));
    expect({ unlisted, stale }).toEqual({ unlisted: [], stale: [] });
    // One key per operation: the full run walks each once.
    expect(new Set(all.map(routeKey)).size).toBe(all.length);
  });
});
