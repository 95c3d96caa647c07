import ExcelJS from 'exceljs';
import { csvRows, decodeCsv, detectSpreadsheet, writeXlsx, xlsxRows } from '../spreadsheet';
import { xmlText } from '../xlsx-reader';

describe('reading uploads', () => {
  it('parses CSV with quotes, escaped quotes, line breaks in fields and blank rows', () => {
    const text = '\uFEFF名称,备注\r\n"甲,乙公司","他说""好"""\r\n\r\n丙,"两\n行"\n';
    expect([...csvRows(text)]).toEqual([
      { number: 1, cells: ['名称', '备注'] },
      { number: 2, cells: ['甲,乙公司', '他说"好"'] },
      { number: 4, cells: ['丙', '两\n行'] },
    ]);
  });

  it('decodes UTF-8 and falls back to GB18030 (Excel in China)', () => {
    expect(decodeCsv(Buffer.from('线索名称', 'utf8'))).toBe('线索名称');
    // 线索 in GBK.
    expect(decodeCsv(Buffer.from([0xcf, 0xdf, 0xcb, 0xf7]))).toBe('线索');
  });

  it('tells an .xlsx, a CSV and a binary file apart by their bytes', () => {
    expect(detectSpreadsheet(Buffer.from('PK\u0003\u0004rest'))).toBe('xlsx');
    expect(detectSpreadsheet(Buffer.from('a,b\n1,2\n'))).toBe('csv');
    expect(detectSpreadsheet(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).toBeNull();
    expect(detectSpreadsheet(Buffer.alloc(0))).toBeNull();
  });

  it('decodes XML entities and OOXML escapes', () => {
    expect(xmlText('a&amp;b &lt;c&gt; &#26469;&#x6E90; x_x000D_y')).toBe('a&b <c> 来源 x\ry');
  });

  it('reads every multi-byte name of a long sheet intact, numbers as written, gaps kept', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('线索');
    ws.addRow(['线索名称', '统一社会信用代码', '联系人', '手机号']);
    const n = 6000;
    for (let i = 0; i < n; i++)
      ws.addRow([`厦门雷达科技第${i}分公司`, null, '张三', 13800000000 + i]);
    ws.addRow([]);
    ws.getCell('C' + (n + 3)).value = { richText: [{ text: '富' }, { text: '文本' }] };
    wb.addWorksheet('填写说明').addRow(['不读']);
    const rows = [];
    for await (const r of xlsxRows(Buffer.from(await wb.xlsx.writeBuffer()))) rows.push(r);
    expect(rows).toHaveLength(n + 2);
    const bad = rows.slice(1, n + 1).filter((r, i) => r.cells[0] !== `厦门雷达科技第${i}分公司`);
    expect(bad).toEqual([]);
    expect(rows[1].cells).toEqual(['厦门雷达科技第0分公司', '', '张三', '13800000000']);
    expect(rows[n + 1]).toEqual({ number: n + 3, cells: ['', '', '富文本'] });
    // A long sheet written and read back: seconds on a busy machine.
  }, 30_000);

  it('writes a workbook that reads back the same', async () => {
    const data = await writeXlsx(
      [{ name: '失败明细', columns: [{ header: '行号' }, { header: '原因' }] }],
      async (add) => {
        add(0, [2, '手机号：请输入正确的手机号']);
      },
    );
    const rows = [];
    for await (const r of xlsxRows(data)) rows.push(r.cells);
    expect(rows).toEqual([
      ['行号', '原因'],
      ['2', '手机号：请输入正确的手机号'],
    ]);
  });
});
