/**
 * A separate process holding a job runner with the batch collection kind, for the restart test:
 * DATABASE_URL of the test database; the demo source waits WYW_DEMO_LATENCY_MS per company.
 * Prints "ready" once its workers are up.
 */
import '@/lib/server/platform/outside-next';
import { setFileStorageForTests } from '@/lib/server/platform/files/files.service';
import { memoryFileStorage } from '@/test/helpers/memory-storage';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import { wywBatchJob } from '../wyw-batch.job';

setFileStorageForTests(memoryFileStorage().storage);

void startTestJobRunner([wywBatchJob], 2).then(() => console.log('ready'));
