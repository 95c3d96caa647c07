import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/*
 * The PDF worker lowers its own thread's priority (nice 10) and nothing else: request handling on
 * the main thread keeps the cores first while reports are drawn (issue 32, ten reports beside
 * search). Linux keeps a nice value per thread, which is what makes this work; elsewhere skipped.
 */

const WORKER = path.join(process.cwd(), 'lib/server/enterprise/report/pdf/report-pdf.worker.cjs');

/** Nice value of each thread of this process, from /proc. */
function threadNiceValues(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after "(comm) ": state is field 3, nice is field 19.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(Number(tid), Number(fields[16]));
  }
  return out;
}

const linux = os.platform() === 'linux' && fs.existsSync('/proc/self/task');

(linux ? it : it.skip)(
  'draws PDFs on a lower-priority thread, the main thread untouched',
  async () => {
    const before = threadNiceValues();
    // The runner may itself be niced (a benchmark beside it): unchanged, not zero, is the rule.
    const basePriority = os.getPriority();
    const worker = new Worker(WORKER);
    try {
      // Any answer means the worker's top level (where it sets its priority) has run.
      const reply = await new Promise<{ ok: boolean }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ id: 1, content: null });
      });
      expect(reply.ok).toBe(false);
      const after = threadNiceValues();
      const added = [...after].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice);
      expect(added).toContain(10);
      expect(after.get(process.pid)).toBe(before.get(process.pid));
      expect(os.getPriority()).toBe(basePriority);
    } finally {
      await worker.terminate();
    }
  },
);
