/**
 * A separate process holding a job runner with the batch collection kind, for the restart test:
 * DATABASE_URL of the test database; the demo source waits WYW_DEMO_LATENCY_MS per company.
 * Prints "ready" once its workers are up.
 */
import '@/lib/server/outside-next';
import { setFileStorageForTests } from '@/lib/server/files/files.service';
import { startJobRunner } from '@/lib/server/jobs/job-runner';
import { wywBatchJob } from '../wyw-batch.job';

const stored = new Map<string, Buffer>();
setFileStorageForTests({
  kind: 'local',
  put: async (key, data) => void stored.set(key, data),
  get: async (key) => stored.get(key) ?? null,
  remove: async (key) => void stored.delete(key),
});

void startJobRunner({
  connectionString: process.env.DATABASE_URL!,
  kinds: [wywBatchJob],
  pollingIntervalSeconds: 0.5,
  staleAfterSeconds: 2,
  sweepIntervalSeconds: 1,
  log: () => undefined,
}).then(() => console.log('ready'));
