import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uploadFile } from '@/lib/shared/files/files.contract';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { callContract, createTestUser } from '@/test/helpers/api';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import { countingJob } from '@/test/jobs/counting-job';
import { getDb } from '@/lib/server/platform/db';
import { sql } from 'drizzle-orm';
import { setFileStorageForTests } from '../../files/files.service';
import { createLocalDiskStorage } from '../../files/local-disk.storage';
import { enqueueJob, getJob } from '../../jobs/job.service';
import { DISK_FULL_MESSAGE } from '../fault-points';

/**
 * Issue 36 item 3: the disk for files is full. An upload answers a clear 503 (Chinese), a job
 * writing its result fails with the same words, and nothing half-written stays on the disk. The
 * disk is a real 64 KB tmpfs filled to the brim when this process may mount one (root); otherwise
 * the storage layer's fault hook (FAULT_ENOSPC=storage.put) makes the write fail the same way.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadradar-full-disk-'));
let mounted = false;

beforeAll(async () => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' });
    mounted = true;
    // Fill it: the next byte written fails with ENOSPC.
    try {
      fs.writeFileSync(path.join(dir, 'filler'), Buffer.alloc(128 * 1024));
    } catch {
      // ENOSPC: full, as wanted
    }
  } catch {
    process.env.FAULT_ENOSPC = 'storage.put';
  }
  setFileStorageForTests(createLocalDiskStorage(path.join(dir, 'files')));
  await getDb().execute(
    sql`create table job_test_items (job_id bigint not null, item int not null, attempt int not null)`,
  );
});

afterAll(() => {
  setFileStorageForTests(null);
  delete process.env.FAULT_ENOSPC;
  if (mounted) execFileSync('umount', [dir]);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every file under the storage root (the filler of the tmpfs aside). */
const leftOnDisk = () =>
  fs.existsSync(path.join(dir, 'files'))
    ? fs
        .readdirSync(path.join(dir, 'files'), { recursive: true })
        .map(String)
        .filter((f) => /\./.test(path.basename(f)))
    : [];

describe('the disk for files is full', () => {
  it('an upload answers 503 with a clear message and leaves nothing half-written', async () => {
    const user = await createTestUser({});
    const form = new FormData();
    const pdf = Buffer.from(`%PDF-1.4\n${'x'.repeat(20_000)}\n%%EOF\n`, 'latin1');
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), '材料.pdf');
    const r = await callContract(
      uploadFile,
      {},
      { token: user.accessToken, tenantId: user.tenantId, form },
    );
    expect(r.status).toBe(503);
    expect({ code: r.code, msg: r.msg }).toEqual({
      code: ERRORS.SERVICE_UNAVAILABLE.code,
      msg: DISK_FULL_MESSAGE,
    });
    expect(leftOnDisk()).toEqual([]);
  });

  it('a job whose result cannot be written fails with the same words, no file offered', async () => {
    const owner = await createTestUser({});
    const runner = await startTestJobRunner([countingJob]);
    try {
      const as = { userId: owner.userId, tenantId: owner.tenantId };
      const job = await enqueueJob(as, {
        kind: countingJob.kind,
        title: '计数',
        params: { count: 20, batch: 10, stepMs: 0, file: true },
      });
      let view = await getJob(as, job.id);
      for (let i = 0; i < 300 && !['succeeded', 'failed'].includes(view.status); i++) {
        await new Promise((r) => setTimeout(r, 100));
        view = await getJob(as, job.id);
      }
      expect(view).toMatchObject({
        status: 'failed',
        error: DISK_FULL_MESSAGE,
        downloadable: false,
      });
      expect(leftOnDisk()).toEqual([]);
    } finally {
      await runner.stop();
    }
  });
});
