import fs from 'node:fs';
import path from 'node:path';
import { columnTable } from '../column-table';
import {
  convertValue,
  COMPANY_COLUMNS,
  defaultWeight,
  type SourceKind,
} from '../enterprise-columns';
import { describeFile, ImportFileError } from '../enterprise-reader';

const known = {
  regions: new Set(['350000', '350200', '350203']),
  industries: new Set(['C', '39']),
};
const spec = (key: string) => COMPANY_COLUMNS.find((c) => c.key === key)!;

/** Table rows as trimmed cells, whatever padding prettier gave them (separator rows left out). */
const cells = (table: string) =>
  table
    .trim()
    .split('\n')
    .filter((l) => !/^\|[\s|:-]+\|$/.test(l))
    .map((l) =>
      l
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((c) => c.trim()),
    );

describe('import columns', () => {
  it.each(['companies', 'shareholders', 'people', 'changes', 'branches'] as SourceKind[])(
    'the operator page documents every %s column as the code reads it',
    (kind) => {
      const doc = fs.readFileSync(
        path.join(__dirname, '../../../docs/operations/enterprise-import.md'),
        'utf8',
      );
      const section = new RegExp(
        `<!-- columns:${kind} -->([\\s\\S]*?)<!-- /columns:${kind} -->`,
      ).exec(doc);
      expect(section).not.toBeNull();
      expect(cells(section![1])).toEqual(cells(columnTable(kind)));
    },
  );

  it('converts and refuses values with a Chinese reason', () => {
    expect(convertValue(spec('credit_code'), ' 91350203ma2xxxxx1 ', known)).toHaveProperty(
      'reason',
    );
    expect(convertValue(spec('name'), '', known)).toEqual({ reason: '缺少必填字段 name' });
    expect(convertValue(spec('establish_date'), '2024-02-29', known)).toEqual({ ok: '2024-02-29' });
    expect(convertValue(spec('establish_date'), '2023-02-29', known)).toHaveProperty('reason');
    expect(convertValue(spec('reg_capital'), '1,000', known)).toHaveProperty('reason');
    expect(convertValue(spec('reg_capital'), '-1', known)).toHaveProperty('reason');
    expect(convertValue(spec('lat'), '24.48', known)).toEqual({ ok: '24.48' });
    expect(convertValue(spec('district_code'), '350203', known)).toEqual({ ok: '350203' });
    expect(convertValue(spec('district_code'), '350299', known)).toHaveProperty('reason');
    expect(convertValue(spec('industry_division'), '39', known)).toEqual({ ok: '39' });
    expect(convertValue(spec('tags'), '高新技术企业| 专精特新 |', known)).toEqual({
      ok: '{"高新技术企业","专精特新"}',
    });
    expect(convertValue(spec('listed'), '是', known)).toEqual({ ok: 't' });
    expect(convertValue(spec('address'), 'a\tb', known)).toEqual({ ok: 'a\\tb' });
    expect(convertValue(spec('status'), '正常', known)).toHaveProperty('reason');
    expect(convertValue(spec('reg_capital_currency'), '', known)).toEqual({ ok: '人民币' });
  });

  it('estimates a weight from capital, status and website', () => {
    expect(Number(defaultWeight('1000', '存续', '\\N'))).toBeCloseTo(Math.log1p(1000) + 2, 2);
    expect(defaultWeight('\\N', '注销', '\\N')).toBe('0');
  });

  it('tells a file kind and format from its name', () => {
    expect(describeFile('/d/2026-shareholders.csv.gz')).toMatchObject({
      kind: 'shareholders',
      format: 'csv',
      gzip: true,
    });
    expect(describeFile('people.jsonl')).toMatchObject({ kind: 'people', format: 'jsonl' });
    expect(describeFile('register.csv')).toMatchObject({ kind: 'companies', gzip: false });
    expect(() => describeFile('register.xlsx')).toThrow(ImportFileError);
  });
});
