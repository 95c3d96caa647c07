import { JOIN_APPROVALS_HREF } from '@/lib/shared/invitation/approvals';

/** What each kind of notification is called in the message centre (templateCode → label). */
export const NOTIFY_KIND_LABELS: Readonly<Record<string, string>> = {
  join_request: '加入申请',
  payment_succeeded: '支付成功',
  quota_low: '额度提醒',
  vip_expiring: '会员到期提醒',
  clue_follow_up_due: '跟进提醒',
  upgrade_request: '升级申请',
};

export function notifyKindLabel(code: string | null): string {
  return (code && NOTIFY_KIND_LABELS[code]) || '系统消息';
}

/**
 * Where a kind of message is dealt with, linked under its text in the message centre (issue 28
 * item 7: the join-request message leads to the approvals).
 */
export const NOTIFY_KIND_LINKS: Readonly<Record<string, { href: string; text: string }>> = {
  join_request: { href: JOIN_APPROVALS_HREF, text: '去审批' },
  upgrade_request: { href: '/memberCenter', text: '去会员中心' },
};
