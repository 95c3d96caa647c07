/**
 * antd's icons name themselves in English (`<span role="img" aria-label="close">`), and a control
 * whose name comes from its content reads that English: "close", "search 搜索" (issue 28 item 7).
 * quietIcons() (icon-a11y.ts) keeps them out of the names: an icon beside a named control's own
 * name is decoration and hidden; an icon that is all a control has is named in Chinese here.
 */
export const ICON_NAMES_ZH: Readonly<Record<string, string>> = {
  close: '关闭',
  'close-circle': '清除',
  search: '搜索',
  left: '上一页',
  right: '下一页',
  'double-left': '向前五页',
  'double-right': '向后五页',
  up: '收起',
  down: '展开',
  plus: '新增',
  minus: '减少',
  delete: '删除',
  edit: '编辑',
  setting: '设置',
  reload: '刷新',
  sync: '刷新',
  'menu-fold': '收起菜单',
  'menu-unfold': '展开菜单',
  menu: '菜单',
  eye: '显示',
  'eye-invisible': '隐藏',
  more: '更多',
  ellipsis: '更多',
  copy: '复制',
  fullscreen: '全屏',
  'fullscreen-exit': '退出全屏',
  bell: '消息通知',
  'question-circle': '帮助',
  'info-circle': '说明',
  'exclamation-circle': '提示',
  'check-circle': '成功',
  user: '用户',
  'arrow-left': '返回',
  'arrow-up': '回到顶部',
  'vertical-align-top': '回到顶部',
  filter: '筛选',
  calendar: '日期',
  'swap-right': '至',
  download: '下载',
  upload: '上传',
  star: '收藏',
  check: '确定',
  loading: '加载中',
  holder: '拖动',
  inbox: '上传',
  'caret-down': '展开',
  'caret-up': '收起',
};

/**
 * Labels antd writes in English whatever the locale (the table's select-all box; rc-dialog's
 * close button where antd's own label does not reach).
 */
export const FIXED_ENGLISH_LABELS_ZH: Readonly<Record<string, string>> = {
  'Select all': '全选',
  'Custom selection': '自定义选择',
  Close: '关闭',
};

/** True when a label has Chinese in it (someone named it on purpose). */
export function hasChinese(label: string): boolean {
  return /[\u3400-\u9fff]/.test(label);
}

/**
 * What to do with an antd icon labelled `label`: keep a Chinese label; 'hide' it when its
 * control has a name of its own (or it sits in text); else name it in Chinese (or keep the
 * English one when no name is known: the e2e scan then finds it).
 */
export function iconTreatment(
  label: string | null,
  where: 'beside-name' | 'alone-in-control' | 'clickable' | 'decoration',
): { action: 'keep' } | { action: 'hide' } | { action: 'name'; label: string } {
  if (!label || hasChinese(label)) return { action: 'keep' };
  if (where === 'beside-name' || where === 'decoration') return { action: 'hide' };
  const zh = ICON_NAMES_ZH[label];
  return zh ? { action: 'name', label: zh } : { action: 'keep' };
}
