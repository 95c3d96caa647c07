import 'server-only';
import {
  recordFinishedExport,
  EXPORT_FILE_NAME,
  XLSX_MIME,
  xlsxResponse,
} from '@/lib/server/platform';

/**
 * An export answered at once: the file goes back in the response and is also kept in the user's
 * 下载中心 (as a finished job), like the exports that run in the background.
 */
export async function exportDownload(
  owner: { userId: number; tenantId: number | null },
  kind: string,
  title: string,
  file: { buffer: Uint8Array; rows: number },
): Promise<Response> {
  await recordFinishedExport(owner, {
    kind,
    title,
    fileName: EXPORT_FILE_NAME,
    mime: XLSX_MIME,
    data: Buffer.from(file.buffer.buffer, file.buffer.byteOffset, file.buffer.byteLength),
    rows: file.rows,
  });
  return xlsxResponse(file.buffer, EXPORT_FILE_NAME, { 'x-export-rows': String(file.rows) });
}
