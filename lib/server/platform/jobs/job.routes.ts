import 'server-only';
import {
  cancelJob,
  deleteJob,
  downloadJobFile,
  getJob,
  getJobPage,
} from '@/lib/shared/jobs/job.contract';
import { defineRoute } from '../http/define-route';
import { contentDisposition } from '../http/xlsx-response';
import * as jobs from './job.service';

const ownerOf = (auth: { userId: number; tenantId: number | null }) => ({
  userId: auth.userId,
  tenantId: auth.tenantId,
});

export const jobRoutes = [
  defineRoute(getJobPage, ({ auth, query }) => jobs.jobPage(ownerOf(auth), query)),
  defineRoute(getJob, ({ auth, query }) => jobs.getJob(ownerOf(auth), query.id)),
  defineRoute(cancelJob, ({ auth, query }) => jobs.cancelJob(ownerOf(auth), query.id)),
  defineRoute(deleteJob, ({ auth, query }) => jobs.deleteJob(ownerOf(auth), query.id)),
  defineRoute(downloadJobFile, async ({ auth, query }) => {
    const file = await jobs.jobFile(ownerOf(auth), query.id);
    return new Response(file.data as unknown as BodyInit, {
      headers: {
        'content-type': file.mime,
        'content-disposition': contentDisposition(file.name),
        'content-length': String(file.data.length),
        'cache-control': 'no-store',
      },
    });
  }),
];
