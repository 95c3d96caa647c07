import 'server-only';
import { createHash } from 'node:crypto';
import { apiError, audit, getPool, partLogger, type ClientInfo } from '@/lib/server/platform';
import {
  DEFAULT_EMPLOYEE_CONFIG,
  employeeConfigProblem,
  type EmployeeConfig,
} from '@/lib/shared/ai/employee-config';
import type { EmployeeConfigStatus } from '@/lib/shared/ai/skill.contract';

/**
 * The AI employee's configuration document (issue 34 item 3, ADR 0204). By default it is this
 * app's own document (ai_employee_config, edited on /platform/ai-employee; the built-in defaults
 * until then), read on each use — one row by its key, validated again only when it changed — so
 * a save shows at once in every process and on every instance; with AI_EMPLOYEE_CONFIG_URL it is
 * fetched from there, kept for CACHE_MS and revalidated with If-None-Match. A document that does
 * not parse or validate is refused with a logged reason while the last good one stays in use.
 */

const CACHE_MS = 60_000;
const FETCH_TIMEOUT_MS = 3_000;
const log = partLogger('ai-employee-config');

type Kept = {
  config: EmployeeConfig;
  etag: string;
  updatedAt: string | null;
  /** The remote document's own ETag (URL source), for If-None-Match. */
  remoteEtag: string | null;
};

let good: Kept | null = null;
let lastError: string | null = null;
let readAt = 0;
let reading: Promise<void> | null = null;
/** The stored document's text last judged (accepted or refused): unchanged text is not judged again. */
let judged: string | null = null;

export function etagOf(config: EmployeeConfig): string {
  return `"${createHash('sha1').update(JSON.stringify(config)).digest('base64url')}"`;
}

function configUrl(): string | null {
  return process.env.AI_EMPLOYEE_CONFIG_URL?.trim() || null;
}

function accept(config: EmployeeConfig, updatedAt: string | null, remoteEtag: string | null) {
  good = { config, etag: etagOf(config), updatedAt, remoteEtag };
  lastError = null;
}

function refuse(reason: string) {
  lastError = reason;
  log.warn(`配置文档未采用，继续使用上一份：${reason}`);
}

async function readLocal(): Promise<void> {
  const { rows } = await getPool().query<{ doc: string; updated_at: Date }>(
    'select doc::text as doc, updated_at from ai_employee_config where id = 1',
  );
  const text = rows[0]?.doc ?? '';
  if (good && text === judged) return;
  judged = text;
  if (!rows[0]) return accept(DEFAULT_EMPLOYEE_CONFIG, null, null);
  const doc: unknown = JSON.parse(text);
  const problem = employeeConfigProblem(doc);
  if (problem) return refuse(problem);
  accept(doc as EmployeeConfig, rows[0].updated_at.toISOString(), null);
}

async function readUrl(url: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: good?.remoteEtag ? { 'if-none-match': good.remoteEtag } : {},
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (err) {
    return refuse(`无法读取 ${url}：${(err as Error).message}`);
  }
  if (res.status === 304 && good) return;
  if (!res.ok) return refuse(`${url} 答复 HTTP ${res.status}`);
  let doc: unknown;
  try {
    doc = JSON.parse(await res.text());
  } catch {
    return refuse(`${url} 的内容不是合法的 JSON`);
  }
  const problem = employeeConfigProblem(doc);
  if (problem) return refuse(problem);
  accept(doc as EmployeeConfig, res.headers.get('last-modified'), res.headers.get('etag'));
}

/** The document in use (this app's: checked on each use; a URL's: after CACHE_MS; one read at a time). */
export async function loadEmployeeConfig(): Promise<Kept> {
  if (!good || !configUrl() || Date.now() - readAt >= CACHE_MS) {
    reading ??= (async () => {
      const url = configUrl();
      try {
        await (url ? readUrl(url) : readLocal());
      } catch (err) {
        refuse((err as Error).message);
      } finally {
        readAt = Date.now();
        reading = null;
      }
    })();
    await reading;
  }
  return (
    good ?? {
      config: DEFAULT_EMPLOYEE_CONFIG,
      etag: etagOf(DEFAULT_EMPLOYEE_CONFIG),
      updatedAt: null,
      remoteEtag: null,
    }
  );
}

/** Read the document again on the next use (after a save; tests). */
export function forgetEmployeeConfig(opts: { all?: boolean } = {}): void {
  readAt = 0;
  if (opts.all) {
    good = null;
    lastError = null;
    judged = null;
  }
}

export async function employeeConfigStatus(): Promise<EmployeeConfigStatus> {
  const kept = await loadEmployeeConfig();
  const url = configUrl();
  return {
    config: kept.config,
    etag: kept.etag,
    source: url ? 'url' : 'local',
    url,
    updatedAt: kept.updatedAt,
    lastError,
  };
}

/** GET of the document: JSON with its ETag; 304 when the caller already holds it. */
export async function employeeConfigResponse(req: Request): Promise<Response> {
  const kept = await loadEmployeeConfig();
  const headers = {
    etag: kept.etag,
    'cache-control': `public, max-age=${CACHE_MS / 1000}`,
  };
  const held = req.headers.get('if-none-match');
  if (held && held.split(',').some((t) => t.trim().replace(/^W\//, '') === kept.etag))
    return new Response(null, { status: 304, headers });
  return new Response(JSON.stringify(kept.config), {
    status: 200,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
  });
}

/** The operator saves the document: validated, stored, audited; in use from the next read. */
export async function saveEmployeeConfig(
  doc: unknown,
  caller: { userId: number; tenantId: number | null; client: ClientInfo },
): Promise<EmployeeConfigStatus> {
  const url = configUrl();
  if (url)
    throw apiError('EMPLOYEE_CONFIG_INVALID', {
      reason: `当前配置来自 ${url}，请在该地址修改`,
    });
  const problem = employeeConfigProblem(doc);
  if (problem) throw apiError('EMPLOYEE_CONFIG_INVALID', { reason: problem });
  await getPool().query(
    `insert into ai_employee_config (id, doc, updated_by, updated_at) values (1, $1, $2, now())
     on conflict (id) do update set doc = excluded.doc, updated_by = excluded.updated_by, updated_at = now()`,
    [JSON.stringify(doc), caller.userId],
  );
  await audit('ai_employee_config.update', {
    tenantId: caller.tenantId,
    userId: caller.userId,
    target: 'ai_employee_config',
    detail: { etag: etagOf(doc as EmployeeConfig) },
    client: caller.client,
  });
  forgetEmployeeConfig();
  return employeeConfigStatus();
}
