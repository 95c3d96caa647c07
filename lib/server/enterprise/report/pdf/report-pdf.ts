import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ReportContent } from '@/lib/shared/enterprise-report/report.types';

/**
 * Renders a report's PDF in a worker thread (ADR 0194): one worker per process, started on the
 * first report and kept while reports come, one PDF at a time (a queue), each bounded by
 * PDF_TIMEOUT_MS — past it the worker is ended and the report fails visibly instead of holding a
 * job slot forever. An idle worker does not keep the process alive.
 */

export const PDF_TIMEOUT_MS = 60_000;
/**
 * The worker script: from the working directory (the checkout), else beside this module. A name
 * found at run time, not a literal handed to `new Worker`, so Next's build neither bundles the
 * worker nor follows its font into the bundle (as sheet-in-worker.ts finds its worker).
 */
function workerFile(): string {
  const candidates = [
    path.join(
      process.cwd(),
      'lib',
      'server',
      'enterprise',
      'report',
      'pdf',
      'report-pdf.worker.cjs',
    ),
  ];
  if (typeof __dirname === 'string') candidates.push(path.join(__dirname, 'report-pdf.worker.cjs'));
  const found = candidates.find((f) => fs.existsSync(f));
  if (!found)
    throw new Error(`report-pdf.worker.cjs not found (looked at ${candidates.join(', ')})`);
  return found;
}

type Pending = {
  id: number;
  content: ReportContent;
  resolve: (pdf: Buffer) => void;
  reject: (err: Error) => void;
};

type Reply = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; error: string };

let worker: Worker | null = null;
let seq = 0;
let current: (Pending & { timer: NodeJS.Timeout; worker: Worker }) | null = null;
const queue: Pending[] = [];

function startWorker(): Worker {
  const w = new Worker(workerFile());
  w.unref();
  w.on('message', (reply: Reply) => {
    if (!current || reply.id !== current.id) return;
    const done = current;
    current = null;
    clearTimeout(done.timer);
    if (reply.ok)
      done.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
    else done.reject(new Error(`PDF 生成失败：${reply.error}`));
    next();
  });
  // The worker died: fail the PDF it was drawing (not one already handed to a newer worker).
  const lost = (err: Error) => {
    if (worker === w) worker = null;
    if (current?.worker === w) {
      const done = current;
      current = null;
      clearTimeout(done.timer);
      done.reject(err);
    }
    next();
  };
  w.on('error', lost);
  w.on('exit', (code) => lost(new Error(`PDF 生成进程退出（${code}）`)));
  return w;
}

function next(): void {
  if (current || queue.length === 0) return;
  const job = queue.shift()!;
  worker ??= startWorker();
  const w = worker;
  const timer = setTimeout(() => {
    // Stuck: end the worker (the exit handler fails this PDF and starts the next on a new one).
    if (current?.id === job.id) {
      const done = current;
      current = null;
      done.reject(new Error('PDF 生成超时'));
      worker = null;
      void w.terminate();
      next();
    }
  }, PDF_TIMEOUT_MS);
  timer.unref();
  current = { ...job, timer, worker: w };
  w.postMessage({ id: job.id, content: job.content });
}

/** The PDF of one report. */
export function renderReportPdf(content: ReportContent): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    seq += 1;
    queue.push({ id: seq, content, resolve, reject });
    next();
  });
}

/** Ends the worker (tests and shutdown); a later report starts a new one. */
export async function stopReportPdfWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
