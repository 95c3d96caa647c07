import {
  startJobRunner,
  type JobRunner,
  type JobRunnerOptions,
} from '@/lib/server/platform/jobs/job-runner';

/**
 * A job runner on the test database for `kinds`, quick to poll and sweep and quiet; a short
 * `staleAfterSeconds` lets a restart test hand a killed worker's job on sooner.
 */
export function startTestJobRunner(
  kinds: JobRunnerOptions['kinds'],
  staleAfterSeconds = 5,
): Promise<JobRunner> {
  return startJobRunner({
    connectionString: process.env.DATABASE_URL!,
    kinds,
    pollingIntervalSeconds: 0.5,
    staleAfterSeconds,
    sweepIntervalSeconds: 1,
    log: () => undefined,
  });
}
