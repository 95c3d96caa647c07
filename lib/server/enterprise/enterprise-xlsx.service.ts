import 'server-only';
import { type ClientInfo } from '@/lib/server/platform';
import { exportEnterprises } from './export/enterprise-export.service';
import { exportDownload } from './export/export-download';
import { withExportSlot } from './export/export-slots';

/**
 * The chosen companies as 导出.xlsx, in the order given (contacts masked unless unlocked, capped
 * by the edition's export limit); `x-export-rows` tells the client how many rows it holds. Built
 * within the member's and the enterprise's caps on exports in progress (issue 28 item 4).
 */
export async function exportEnterprisesXlsx(
  actor: { tenantId: number; userId: number; client: ClientInfo },
  entIds: number[],
): Promise<Response> {
  return withExportSlot(actor, async () => {
    const file = await exportEnterprises(actor, entIds);
    return exportDownload(actor, 'export_enterprises', `企业导出（${file.rows} 家）`, file);
  });
}
