/**
 * A separate process holding the job runner, for the kill -9 test: started with DATABASE_URL of
 * the test database, prints "ready" once its workers are up.
 */
import '@/lib/server/platform/outside-next';
import { startJobRunner } from '@/lib/server/platform/jobs/job-runner';
import { countingJob } from './counting-job';

void startJobRunner({
  connectionString: process.env.DATABASE_URL!,
  kinds: [countingJob],
  pollingIntervalSeconds: 0.5,
  staleAfterSeconds: 2,
  sweepIntervalSeconds: 1,
  log: () => undefined,
}).then(() => console.log('ready'));
