/**
 * Lead import and export (issue 14): the template's columns, the limits and the messages. The
 * server checks uploads with them and the import dialog shows them.
 */

/** Columns of the 线索 sheet, in order; the first row of an upload must repeat them exactly. */
export const IMPORT_COLUMNS = [
  { header: '线索名称', key: 'name', required: true, example: '厦门示例科技有限公司' },
  { header: '统一社会信用代码', key: 'creditCode', required: false, example: '' },
  { header: '联系人', key: 'contactName', required: false, example: '张三' },
  { header: '手机号', key: 'contactMobile', required: false, example: '13800138000' },
  { header: '座机', key: 'contactPhone', required: false, example: '0592-5123456' },
  { header: '邮箱', key: 'contactEmail', required: false, example: 'zhangsan@example.com' },
  { header: '网址', key: 'website', required: false, example: 'https://www.example.com' },
  { header: '微信号', key: 'wechat', required: false, example: 'zhangsan_wx' },
  { header: '地址', key: 'address', required: false, example: '福建省厦门市思明区示例路 1 号' },
  { header: '备注', key: 'remark', required: false, example: '展会名片' },
] as const;
export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];

export const IMPORT_SHEET_NAME = '线索';
export const IMPORT_NOTES_SHEET_NAME = '填写说明';
export const IMPORT_TEMPLATE_FILE_NAME = '线索导入模板.xlsx';
export const IMPORT_FAILURES_FILE_NAME = '线索导入失败明细.xlsx';
export const EXPORT_FILE_NAME = '线索导出.xlsx';

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** Rows validated and written per job step (one transaction). */
export const IMPORT_STEP_ROWS = 1000;
/** Rows read per export page (keyset). */
export const EXPORT_PAGE_ROWS = 2000;

export const CLUE_IMPORT_KIND = 'clue_import';
export const CLUE_EXPORT_KIND = 'clue_export';

export const CLUE_IO_MESSAGES = {
  fileRequired: '请选择要导入的文件',
  notSpreadsheet: '文件格式不正确，请上传 .xlsx 或 .csv 文件（可先下载导入模板）',
  tooLarge: '文件大小不能超过 20MB',
  unreadable: '文件无法读取，请使用导入模板另存为 .xlsx 后重新上传',
  /** A bound of the reader was passed: inflated size, one row's size, or the time (ADR 0160). */
  tooComplex:
    '文件过大或格式不正确（解压后内容过多、单行过长或读取超时），请使用导入模板另存为 .xlsx 后重新上传',
  busy: '正在读取的导入文件较多，请稍后重试',
  wrongHeaders: '表头与导入模板不一致，请下载模板后按模板填写（第一行应为：{headers}）',
  empty: '文件中没有数据行',
  tooManyRows: `单次最多导入 ${IMPORT_MAX_ROWS.toLocaleString('en-US')} 行，请拆分后分批导入`,
  notImportJob: '该任务不是线索导入任务',
  failuresNotReady: '导入尚未完成，暂无失败明细',
  nameRequired: '线索名称不能为空',
  duplicateInFile: '与文件中前面的行重复',
  enterpriseExists: '该企业已在线索中',
  sameNameMobile: '已存在同名且手机号相同的线索',
} as const;
