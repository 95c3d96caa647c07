/** What each kind of notification is called in the message centre (templateCode → label). */
export const NOTIFY_KIND_LABELS: Readonly<Record<string, string>> = {
  join_request: '加入申请',
  payment_succeeded: '支付成功',
  quota_low: '额度提醒',
  vip_expiring: '会员到期提醒',
  clue_follow_up_due: '跟进提醒',
  upgrade_request: '升级申请',
  join_result: '加入结果',
  job_finished: '任务完成',
  report_ready: '企业报告',
};

export function notifyKindLabel(code: string | null): string {
  return (code && NOTIFY_KIND_LABELS[code]) || '系统消息';
}
