/**
 * Data management (数据管理, ADR 0183): the tenant administrator's bulk control of the tenant's own
 * CRM data — one export of everything, bulk delete and restore, the recycle bin and its retention.
 */

export const DATA_ENTITIES = ['clue', 'customer', 'opportunity'] as const;
export type DataEntity = (typeof DATA_ENTITIES)[number];
export const DATA_ENTITY_NAMES: Record<DataEntity, string> = {
  clue: '线索',
  customer: '客户',
  opportunity: '商机',
};

/** Who may use data management (tenant administrators by default). */
export const DATA_MANAGE_PERMISSION = 'szjk:data:manage';
export const DATA_EXPORT_PERMISSION = 'szjk:data:export';

export const DATA_EXPORT_KIND = 'data_export';
export const DATA_EXPORT_FILE_NAME = '全部数据导出.xlsx';
export const DATA_EXPORT_SHEETS = ['线索', '线索跟进', '客户', '客户跟进', '商机'] as const;

/** Recycle-bin retention: default and bounds, in days. */
export const RETENTION_DAYS_DEFAULT = 30;
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 365;

/** Bulk calls take at most this many ids. */
export const DATA_BULK_MAX = 500;
export const DATA_PAGE_SIZE_MAX = 100;

export const DATA_MESSAGES = {
  entityInvalid: '请选择数据类型',
  idsRequired: '请选择记录',
  tooManyIds: `单次最多操作 ${DATA_BULK_MAX} 条`,
  retentionInvalid: `保留天数需为 ${RETENTION_DAYS_MIN}-${RETENTION_DAYS_MAX} 的整数`,
  customerGone: '所属客户已删除，请先恢复客户「{name}」',
  stageGone: '原阶段已被删除，无法恢复',
  notInBin: '记录不在回收站中',
} as const;
