import 'server-only';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { currentRequestContext } from './request-context';
import { REDACTED, SECRET_KEYS, scrubText } from './scrub';

/**
 * The structured log (issue 37 item 2): one JSON object per line on stdout (pino), with the
 * request id and job id of the work that wrote it, secrets removed by field name and masked in
 * text. LOG_LEVEL chooses the level (info by default; silent in tests unless a test listens).
 */

const loggerKey = Symbol.for('leadradar.logger');
type G = typeof globalThis & { [loggerKey]?: Logger };

/**
 * pino's own redaction for the secret fields at the top of a line. Deeper ones are masked by
 * `maskFields` below: pino's wildcard paths (`*.token`, `*.*.token`) cost 18 µs a line where a
 * line costs 3 (measured by `npm run bench:logging`, ADR 0208).
 */
const REDACT_PATHS = SECRET_KEYS.map((k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`));
const SECRET_FIELDS = new Set<string>(SECRET_KEYS.map((k) => k.toLowerCase()));

/**
 * A copy of a logged object with secret fields hidden and text masked, three levels down; only
 * plain objects and arrays are walked (errors go to their serializer, other objects as they are).
 */
function maskFields(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskFields(v, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = SECRET_FIELDS.has(k.toLowerCase()) ? REDACTED : maskFields(v, depth + 1);
  return out;
}

export function createLogger(destination?: DestinationStream): Logger {
  const level = process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'silent' : 'info');
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => maskFields(object, 0) as Record<string, unknown>,
      },
      mixin() {
        const ctx = currentRequestContext();
        if (!ctx) return {};
        return ctx.jobId === undefined
          ? { reqId: ctx.reqId }
          : { reqId: ctx.reqId, jobId: ctx.jobId };
      },
      hooks: {
        // Free text is masked too: a message can carry what a field name would have hidden.
        logMethod(args, method) {
          const scrubbed = args.map((a) =>
            typeof a === 'string'
              ? scrubText(a)
              : a instanceof Error
                ? Object.assign(new Error(scrubText(a.message)), {
                    stack: scrubText(a.stack ?? ''),
                  })
                : a,
          );
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
      serializers: {
        err: (e: Error) => ({
          type: e.name,
          message: scrubText(e.message),
          stack: scrubText(e.stack ?? ''),
        }),
      },
    },
    destination,
  );
}

/**
 * JSON lines for machines (LOG_FORMAT=json, the default when stdout is not a terminal: a
 * container, a service manager); one readable line per entry at a terminal (LOG_FORMAT=pretty).
 */
function defaultDestination(): DestinationStream | undefined {
  const format = process.env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json');
  if (format !== 'pretty') return undefined;
  return pretty({
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
    messageKey: 'msg',
  });
}

/** The process's logger (one for server.ts and the route handlers Next bundles). */
export function logger(): Logger {
  const g = globalThis as G;
  return (g[loggerKey] ??= createLogger(defaultDestination()));
}

// Children made once per part (and per root: a test may swap the root): a child costs an object
// and a serialised binding, and the access line asks for one on every request.
const children = new WeakMap<Logger, Map<string, Logger>>();

/** A logger for one part of the server: its lines say `part`. */
export function partLogger(part: string): Logger {
  const root = logger();
  let parts = children.get(root);
  if (!parts) children.set(root, (parts = new Map()));
  let child = parts.get(part);
  if (!child) parts.set(part, (child = root.child({ part })));
  return child;
}

/** Tests listen to the log (a destination that keeps the lines), or restore the default. */
export function setLoggerForTests(destination: DestinationStream | null): void {
  const g = globalThis as G;
  if (!destination) {
    g[loggerKey] = undefined;
    return;
  }
  g[loggerKey] = createLogger(destination);
  g[loggerKey].level = 'debug';
}
