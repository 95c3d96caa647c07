/**
 * 数据中心 (issue 29 item 3, ADR 0184): the data assets of the caller's data scope, the import and
 * export history, and data quality with the action that fixes each finding.
 */

export const DATA_CENTER_QUERY_PERMISSION = 'szjk:data-center:query';
export const DATA_CENTER_MERGE_PERMISSION = 'szjk:data-center:merge';

/** The trend covers this many China days, today included. */
export const DATA_CENTER_TREND_DAYS = 30;
/** Rows of the import and export history shown on the page (the rest in 下载中心). */
export const DATA_CENTER_HISTORY_ROWS = 10;
export const DATA_CENTER_PAGE_SIZE_MAX = 50;
/** Leads merged into the kept one in one call (a duplicate group larger than this is rare). */
export const MERGE_MAX = 20;

export const ASSET_KEYS = ['unlock', 'clue', 'customer', 'contact'] as const;
export type AssetKey = (typeof ASSET_KEYS)[number];
export const ASSET_NAMES: Record<AssetKey, string> = {
  unlock: '已解锁企业',
  clue: '线索',
  customer: '客户',
  contact: '联系人',
};
export const ASSET_UNITS: Record<AssetKey, string> = {
  unlock: '家',
  clue: '条',
  customer: '家',
  contact: '个',
};

export const DUPLICATE_KEYS = ['creditCode', 'name'] as const;
export type DuplicateKey = (typeof DUPLICATE_KEYS)[number];
export const DUPLICATE_KEY_NAMES: Record<DuplicateKey, string> = {
  creditCode: '信用代码相同',
  name: '名称相同',
};

export const ISSUE_KINDS = ['noContact', 'noOwner'] as const;
export type IssueKind = (typeof ISSUE_KINDS)[number];

/** Background-job kinds of the import and export history, and which way each goes. */
export const TRANSFER_KINDS: Record<string, { direction: 'import' | 'export'; name: string }> = {
  clue_import: { direction: 'import', name: '线索导入' },
  clue_export: { direction: 'export', name: '线索导出' },
  wyw_batch: { direction: 'export', name: '批量挖掘导出' },
  ai_export: { direction: 'export', name: 'AI 助手导出' },
  ai_clue_export: { direction: 'export', name: 'AI 助手线索导出' },
  export_enterprises: { direction: 'export', name: '企业导出' },
  export_unlocked: { direction: 'export', name: '已解锁企业导出' },
  export_advanced_search: { direction: 'export', name: '高级搜索导出' },
  data_export: { direction: 'export', name: '全部数据导出' },
};

export const DATA_CENTER_MESSAGES = {
  keepRequired: '请选择保留的线索',
  mergeRequired: '请选择要合并的线索',
  tooMany: `单次最多合并 ${MERGE_MAX} 条线索`,
  keepInMerged: '保留的线索不能同时被合并',
} as const;
