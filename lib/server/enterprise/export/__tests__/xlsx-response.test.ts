import {
  contentDisposition,
  EXPORT_FILE_NAME,
  xlsxResponse,
} from '@/lib/server/platform/http/xlsx-response';

describe('export response', () => {
  it('names the file 导出.xlsx with an RFC 5987 UTF-8 name and an ASCII fallback', () => {
    expect(contentDisposition(EXPORT_FILE_NAME)).toBe(
      `attachment; filename="export.xlsx"; filename*=UTF-8''%E5%AF%BC%E5%87%BA.xlsx`,
    );
    expect(contentDisposition('report (1).xlsx')).toBe(
      `attachment; filename="report (1).xlsx"; filename*=UTF-8''report%20%281%29.xlsx`,
    );
  });

  it('sets the xlsx type and length', async () => {
    const res = xlsxResponse(new Uint8Array([1, 2, 3]));
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-length')).toBe('3');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });
});
