/**
 * Where a message leads (issue 28 item 7): a click in the bell or on /infoCenter opens the object
 * the message is about. New messages store their link (notifications.link, migration 0035); older
 * ones, stored before the column, are led by their kind.
 */

import { JOIN_APPROVALS_HREF } from '@/lib/shared/invitation/approvals';

/** The places messages lead to. */
export const NOTIFY_TARGETS = {
  /** 会员中心 › 我的订单. */
  orders: '/memberCenter?tab=orders',
  /** 会员中心 (edition, credit, renewal). */
  memberCenter: '/memberCenter',
  /** 成员管理 › 加入申请 (the approvals place, beside the count of who waits). */
  joinRequests: JOIN_APPROVALS_HREF,
  /** 线索管理 › 待跟进. */
  dueClues: '/clue/list?tab=due',
  /** 下载中心 (finished jobs: exports). */
  downloads: '/downloadList',
  /** 企业报告 (the member's reports; each report's message leads to the report itself). */
  reports: '/enterpriseReport',
} as const;

/** One lead: 线索管理 with its detail open. */
export function clueTarget(clueId: number): string {
  return `/clue/list?clue=${clueId}`;
}

/** Kinds whose messages all lead to one place (what older messages without a link use). */
const KIND_TARGETS: Readonly<Record<string, string>> = {
  payment_succeeded: NOTIFY_TARGETS.orders,
  quota_low: NOTIFY_TARGETS.memberCenter,
  vip_expiring: NOTIFY_TARGETS.memberCenter,
  join_request: NOTIFY_TARGETS.joinRequests,
  upgrade_request: NOTIFY_TARGETS.memberCenter,
  clue_follow_up_due: NOTIFY_TARGETS.dueClues,
  job_finished: NOTIFY_TARGETS.downloads,
  report_ready: NOTIFY_TARGETS.reports,
};

/** A same-site path ('/x…'), never another site ('//host', 'https:', 'javascript:'). */
export function isSafeNotifyLink(link: string): boolean {
  return /^\/(?![/\\])[^\s]*$/.test(link) && link.length <= 300;
}

/** Where a message leads: its own link, else its kind's place, else nowhere (null). */
export function notificationTarget(n: {
  templateCode: string | null;
  link?: string | null;
}): string | null {
  if (n.link && isSafeNotifyLink(n.link)) return n.link;
  return (n.templateCode && KIND_TARGETS[n.templateCode]) || null;
}
