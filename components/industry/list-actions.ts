'use client';

// zod runs jitless under the CSP (app/csp-client-config.tsx); this chunk brings zod along.
import '@/app/csp-client-config';
import { download } from '@/lib/client/request';
import { industryListExport } from '@/lib/shared/industry/industry.endpoints';
import type { ListFilter } from '@/lib/shared/industry/lists';

/** Saves a list's members (with the filters) as 导出.xlsx; loaded on the first click. */
export function exportList(filter: ListFilter) {
  return download(industryListExport, { body: filter }, { silent: true });
}
