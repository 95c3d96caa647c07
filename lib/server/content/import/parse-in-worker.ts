import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ImportRejection, type ParsedItem } from './parse';

/**
 * Content import items parsed, rendered (marked) and sanitised (sanitize-html) in a worker process
 * (issue 28 item 1, ADR 0160): one item of today's largest body (2,000,000 characters) takes 5–10 s
 * of CPU, which on the server's thread held every request that long. The worker runs
 * parse-worker.ts through tsx (the job runs in `tsx server.ts` or jest, never in Next's bundle),
 * found from the working directory; it is started on the first item and reused for the job.
 */

export const ITEM_PARSE_LIMITS = {
  /** One item's time; past it the worker is killed and the item rejected. */
  timeMs: 60_000,
  heapMb: 512,
};

export const ITEM_TOO_COMPLEX =
  '内容过大或格式过于复杂，未能在限定时间和内存内处理（请缩短正文或简化格式后重新导入）';

export type ItemParser = { parse(raw: unknown): Promise<ParsedItem>; close(): void };

type Pending = {
  resolve: (item: ParsedItem) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
};
type Answer = { id: number; item?: ParsedItem; rejection?: string; error?: string };

export function startItemParser(limits = ITEM_PARSE_LIMITS): ItemParser {
  // turbopackIgnore: the worker runs under tsx beside the checkout, never inside Next's bundle.
  const file = path.join(
    /* turbopackIgnore: true */ process.cwd(),
    'lib',
    'server',
    'content',
    'import',
    'parse-worker.ts',
  );
  let child: ChildProcess | null = null;
  let seq = 0;
  const pending = new Map<number, Pending>();

  const start = (): ChildProcess => {
    if (!fs.existsSync(file)) throw new Error(`parse-worker.ts not found at ${file}`);
    const c = fork(file, [], {
      cwd: process.cwd(),
      execArgv: ['--import', 'tsx', `--max-old-space-size=${limits.heapMb}`],
      env: { NODE_ENV: process.env.NODE_ENV },
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    c.on('message', (m: Answer) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.rejection !== undefined) p.reject(new ImportRejection(m.rejection));
      else if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.item!);
    });
    const gone = () => {
      if (child === c) child = null;
      // Killed for its time, out of memory, or crashed: the items it had are rejected.
      for (const [id, p] of pending) {
        pending.delete(id);
        clearTimeout(p.timer);
        p.reject(new ImportRejection(ITEM_TOO_COMPLEX));
      }
    };
    c.on('exit', gone);
    c.on('error', gone);
    return c;
  };

  return {
    parse(raw) {
      return new Promise<ParsedItem>((resolve, reject) => {
        const c = (child ??= start());
        const id = (seq += 1);
        const timer = setTimeout(() => c.kill('SIGKILL'), limits.timeMs);
        pending.set(id, { resolve, reject, timer });
        c.send({ id, raw });
      });
    },
    close() {
      child?.kill('SIGKILL');
      child = null;
    },
  };
}
