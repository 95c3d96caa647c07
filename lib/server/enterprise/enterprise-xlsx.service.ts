import 'server-only';
import type { ClientInfo } from '../api/client-info';
import { exportEnterprises } from '../export/enterprise-export.service';
import { EXPORT_FILE_NAME, xlsxResponse } from '../export/xlsx-response';

/**
 * The chosen companies as 导出.xlsx, in the order given (contacts masked unless unlocked, capped
 * by the edition's export limit); `x-export-rows` tells the client how many rows it holds.
 */
export async function exportEnterprisesXlsx(
  actor: { tenantId: number; userId: number; client: ClientInfo },
  entIds: number[],
): Promise<Response> {
  const { buffer, rows } = await exportEnterprises(actor, entIds);
  return xlsxResponse(buffer, EXPORT_FILE_NAME, { 'x-export-rows': String(rows) });
}
