/**
 * The operator page's column tables (docs/operations/enterprise-import.md), made from the column
 * lists themselves; a unit test fails when the page and the lists differ.
 */
import { COLUMNS_OF, type ColumnType, type SourceKind } from './enterprise-columns';

const TYPE: Record<ColumnType, string> = {
  uncid: '统一社会信用代码',
  text: '文本',
  date: '日期',
  number: '数字',
  int: '整数',
  list: '列表（\\|）',
  bool: '是/否',
  region: '行政区划码',
  industry: '行业代码',
  status: '经营状态',
  holder: '股东类型',
};

export function columnTable(kind: SourceKind): string {
  const table = kind === 'companies' ? 'enterprises' : `enterprise_${kind}`;
  const lines = ['| 列 | 类型 | 必填 | 含义 | 写入 |', '| --- | --- | --- | --- | --- |'];
  for (const c of COLUMNS_OF[kind]) {
    const target =
      c.db === 'uncid' && kind !== 'companies'
        ? '按代码关联 enterprise_id'
        : c.db === 'holder_uncid'
          ? 'holder_enterprise_id（库内有该代码时）'
          : c.db === 'branch_uncid'
            ? 'branch_enterprise_id（库内有该代码时）'
            : `${table}.${c.db}`;
    const doc = c.doc.replace(/\|/g, '\\|');
    lines.push(
      `| \`${c.key}\` | ${TYPE[c.type]} | ${c.required ? '是' : ''} | ${doc} | ${target} |`,
    );
  }
  return lines.join('\n');
}
