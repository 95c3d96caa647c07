import 'server-only';
import { apiError, type ClientInfo } from '@/lib/server/platform';
import {
  assertExportAllowed,
  exportEnterprises,
  exportRowLimit,
  exportDownload,
  withExportSlot,
} from '@/lib/server/enterprise';
import type { AdvancedSearchCondition } from '@/lib/shared/search/advanced';
import type { SortKey } from '@/lib/shared/search/filters';
import { advancedIds } from './advanced-search.service';

/**
 * Every result of an advanced search as 导出.xlsx: the first N in the chosen order, N being the
 * edition's export cap; contacts not unlocked stay masked (the export service's rule).
 */
export async function exportAdvancedResults(
  actor: { tenantId: number; userId: number; client: ClientInfo },
  req: AdvancedSearchCondition & { sort: SortKey },
): Promise<Response> {
  const max = await exportRowLimit(actor.tenantId);
  // An edition without exports gets the export service's own message.
  if (max <= 0) await assertExportAllowed(actor.tenantId, 1);
  // Within the member's and the enterprise's caps on exports in progress (issue 28 item 4).
  return withExportSlot(actor, async () => {
    const ids = await advancedIds(req, req.sort, 0, max);
    if (ids.length === 0)
      throw apiError('SEARCH_KEYWORD_INVALID', { reason: '没有符合条件的企业可导出' });
    const file = await exportEnterprises(actor, ids);
    return exportDownload(actor, 'export_advanced_search', `高级搜索导出（${file.rows} 家）`, file);
  });
}
