import type { JobKind } from './job-kind';
import { clueExportJob } from '../clue-io/clue-export';
import { clueImportJob } from '../clue-io/clue-import';
import { wywBatchJob } from '../wyw/wyw-batch.job';
import { contentImportJob } from '../content/import/content-import.job';
import { wywSingleJob } from '../wyw/wyw-single.job';
import { aiClueExportJob, aiExportJob } from '../ai/ai-jobs';

/**
 * Every kind of background job the product runs; server.ts starts a worker for each. Lead import
 * and export, batch contact collection, AI tasks and reports add theirs here.
 */
// Kinds differ in their params and checkpoints; the runner only passes them through.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const JOB_KINDS: readonly JobKind<any, any>[] = [
  clueImportJob,
  clueExportJob,
  wywBatchJob,
  contentImportJob,
  wywSingleJob,
  aiExportJob,
  aiClueExportJob,
];
