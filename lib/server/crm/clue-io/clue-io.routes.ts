import 'server-only';
import {
  exportClueImportFailures,
  exportClues,
  getClueImportTemplate,
  importClues,
} from '@/lib/shared/clue-io/clue-io.contract';
import { IMPORT_TEMPLATE_FILE_NAME } from '@/lib/shared/clue-io/clue-io.constants';
import { defineRoute, contentDisposition, xlsxResponse } from '@/lib/server/platform';
import * as io from './clue-io.service';

const ownerOf = (auth: { userId: number; tenantId: number | null }) => ({
  userId: auth.userId,
  tenantId: auth.tenantId,
});

export const clueIoRoutes = [
  defineRoute(getClueImportTemplate, async () =>
    xlsxResponse(await io.importTemplate(), IMPORT_TEMPLATE_FILE_NAME),
  ),
  defineRoute(importClues, ({ auth, body }) => io.startImport(ownerOf(auth), body)),
  defineRoute(exportClueImportFailures, async ({ auth, body }) => {
    const file = await io.importFailures(ownerOf(auth), body.jobId);
    return new Response(file.data as unknown as BodyInit, {
      headers: {
        'content-type': file.mime,
        'content-disposition': contentDisposition(file.name),
        'content-length': String(file.data.length),
        'cache-control': 'no-store',
      },
    });
  }),
  defineRoute(exportClues, ({ auth, body }) => io.startExport(ownerOf(auth), body)),
];
