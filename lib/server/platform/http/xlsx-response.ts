/** The one export file name of the product (spec 9 says 导出.xls; real .xlsx, see the ADR). */
export const EXPORT_FILE_NAME = '导出.xlsx';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Content-Disposition with an ASCII fallback and the UTF-8 name per RFC 5987 / RFC 6266, so every
 * browser saves 导出.xlsx rather than a mangled name.
 */
export function contentDisposition(fileName: string): string {
  const ext = /\.[A-Za-z0-9]+$/.exec(fileName)?.[0] ?? '';
  const base = fileName
    .slice(0, fileName.length - ext.length)
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '')
    .trim();
  const fallback = `${base || 'export'}${ext}`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function xlsxResponse(
  body: Uint8Array,
  fileName = EXPORT_FILE_NAME,
  extraHeaders: Record<string, string> = {},
): Response {
  return new Response(body as BodyInit, {
    status: 200,
    headers: {
      'content-type': XLSX_MIME,
      'content-disposition': contentDisposition(fileName),
      'content-length': String(body.byteLength),
      'cache-control': 'no-store',
      ...extraHeaders,
    },
  });
}
