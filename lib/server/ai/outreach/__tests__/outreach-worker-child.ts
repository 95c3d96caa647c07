/**
 * A separate process holding a job runner with the add-contact kind, for the kill -9 test:
 * DATABASE_URL of the test database; the demo provider waits OUTREACH_DEMO_LATENCY_MS per send.
 * Prints "ready" once its workers are up.
 */
import '@/lib/server/platform/outside-next';
import { startTestJobRunner } from '@/test/helpers/job-runner';
import { outreachJob } from '../outreach.job';

void startTestJobRunner([outreachJob], 2).then(() => console.log('ready'));
