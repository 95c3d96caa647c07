import fs from 'node:fs';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import {
  CLUE_IO_MESSAGES as M,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
} from '@/lib/shared/clue-io/clue-io.constants';
import type { ParsedRow, SheetLimitCode, SheetLimits } from './sheet-parse.cjs';

/**
 * Uploaded spreadsheets are parsed in a worker process (issue 28 item 1, ADR 0160): heap-capped,
 * on a time budget, killed when either is passed, so no upload can block or kill the server. A
 * process rather than a worker thread: a thread's resourceLimits are best-effort, and an upload
 * made V8 abort the whole server through one (ADR 0160). The worker is a plain CommonJS file
 * (sheet-worker.cjs) found from the working directory, which is the checkout under
 * `tsx server.ts`, jest and Next's bundled route handlers alike.
 */

const MB = 1024 * 1024;

/** The bounds of an import's reader; why these numbers: ADR 0160. */
export const SHEET_LIMITS: SheetLimits = {
  maxColumns: IMPORT_COLUMNS.length,
  // The header, the most data rows an import takes, and one more to tell "too many".
  maxRows: IMPORT_MAX_ROWS + 2,
  maxRawRows: 1_048_576,
  maxZipEntries: 10_000,
  maxPartBytes: 4 * MB,
  maxSharedStringsBytes: 64 * MB,
  maxSharedStrings: 2_000_000,
  maxSheetBytes: 256 * MB,
  maxRowChars: 4 * MB,
};

export type SheetWorkerOptions = {
  limits: SheetLimits;
  /** The worker's own running time (not the time the reader takes between batches). */
  timeMs: number;
  heapMb: number;
  /** Parses at once in this process; more wait up to waitMs, then get "busy". */
  concurrency: number;
  waitMs: number;
};

export const SHEET_WORKER_DEFAULTS: SheetWorkerOptions = {
  limits: SHEET_LIMITS,
  timeMs: 30_000,
  heapMb: 384,
  concurrency: 4,
  waitMs: 30_000,
};

export type SheetReadCode = SheetLimitCode | 'timeout' | 'busy';

/** Why an upload could not be read; `message` is what the user reads. */
export class SheetReadError extends Error {
  constructor(
    readonly code: SheetReadCode,
    readonly detail = '',
  ) {
    super(
      code === 'tooManyRows'
        ? M.tooManyRows
        : code === 'tooLarge' || code === 'timeout'
          ? M.tooComplex
          : code === 'busy'
            ? M.busy
            : M.unreadable,
    );
    this.name = 'SheetReadError';
  }
}

/** The worker script: from the working directory (the checkout), else beside this module. */
function workerFile(): string {
  // Literal segments: Next's build then traces this one file, not the whole project.
  const candidates = [
    path.join(process.cwd(), 'lib', 'server', 'crm', 'clue-io', 'sheet-worker.cjs'),
  ];
  if (typeof __dirname === 'string') candidates.push(path.join(__dirname, 'sheet-worker.cjs'));
  const found = candidates.find((f) => fs.existsSync(f));
  if (!found) throw new Error(`sheet-worker.cjs not found (looked at ${candidates.join(', ')})`);
  return found;
}

/** The slots of the process (one count even when Next's bundle and tsx both load this module). */
type Slots = { busy: number; waiting: (() => void)[] };
const slotsKey = Symbol.for('leadradar.sheetWorkerSlots');
const slots = (): Slots => {
  const g = globalThis as typeof globalThis & { [slotsKey]?: Slots };
  return (g[slotsKey] ??= { busy: 0, waiting: [] });
};

async function acquire(o: SheetWorkerOptions): Promise<() => void> {
  const s = slots();
  if (s.busy >= o.concurrency) {
    const got = await new Promise<boolean>((resolve) => {
      const go = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        s.waiting.splice(s.waiting.indexOf(go), 1);
        resolve(false);
      }, o.waitMs);
      s.waiting.push(go);
    });
    if (!got) throw new SheetReadError('busy');
  } else s.busy += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = s.waiting.shift();
    if (next) next();
    else s.busy -= 1;
  };
}

type Message =
  | { rows: ParsedRow[] }
  | { done: true; truncated: boolean }
  | { error: { code: SheetLimitCode; message: string } };

/**
 * The non-blank rows of the first worksheet of an .xlsx, or of a CSV, parsed in a worker: at most
 * `limits.maxRows` of them, no cell past `limits.maxColumns` (`extra` marks a row that had text
 * there). Throws SheetReadError when a bound is passed. Leaving the loop early ends the worker.
 */
export async function* sheetRows(
  kind: 'xlsx' | 'csv',
  data: Buffer,
  options: Partial<SheetWorkerOptions> = {},
): AsyncGenerator<ParsedRow> {
  const o: SheetWorkerOptions = { ...SHEET_WORKER_DEFAULTS, ...options };
  const file = workerFile();
  const release = await acquire(o);
  let child: ChildProcess | null = null;
  try {
    child = fork(file, [], {
      // Plain node (not the server's tsx loader), its heap capped; nothing of the server's env.
      execArgv: [`--max-old-space-size=${o.heapMb}`, '--max-semi-space-size=16'],
      env: { NODE_ENV: process.env.NODE_ENV },
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    const inbox: Message[] = [];
    let failure: SheetReadError | null = null;
    let wake: (() => void) | null = null;
    const poke = () => wake?.();
    child.on('message', (m: Message) => {
      inbox.push(m);
      poke();
    });
    child.on('error', (err) => {
      failure ??= new SheetReadError('unreadable', err.message);
      poke();
    });
    child.on('exit', (code, signal) => {
      // V8 gave up (out of memory aborts, an invalid size traps) or it died before answering.
      const aborted = signal !== null || code === 134;
      failure ??= new SheetReadError(aborted ? 'tooLarge' : 'unreadable', `exit ${code ?? signal}`);
      poke();
    });

    let left = o.timeMs;
    const next = async (): Promise<Message> => {
      const started = performance.now();
      try {
        while (!inbox.length && !failure) {
          const remaining = left - (performance.now() - started);
          if (remaining <= 0) throw new SheetReadError('timeout');
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, remaining);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
      } finally {
        left -= performance.now() - started;
      }
      if (inbox.length) return inbox.shift()!;
      throw failure!;
    };

    child.send({ kind, data, limits: o.limits });
    for (;;) {
      const m = await next();
      if ('rows' in m) {
        yield* m.rows;
        child.send('more');
      } else if ('done' in m) return;
      else throw new SheetReadError(m.error.code, m.error.message);
    }
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    release();
  }
}
