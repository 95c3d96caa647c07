import { type JobKind } from '@/lib/server/platform';
import {
  clueExportJob,
  clueImportJob,
  dataExportJob,
  wywBatchJob,
  wywSingleJob,
} from '@/lib/server/crm';
import { contentImportJob } from '@/lib/server/content';
import { enterpriseReportJob } from '@/lib/server/enterprise';
import {
  aiClueExportJob,
  aiExportJob,
  outreachExportJob,
  outreachJob,
  skillScheduleJob,
} from '@/lib/server/ai';

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
  dataExportJob,
  enterpriseReportJob,
  outreachJob,
  outreachExportJob,
  skillScheduleJob,
];
