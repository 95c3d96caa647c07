/**
 * Where join requests are approved (issue 28 item 7): beside the member count and its
 * 「N 人待审批」, on 成员管理. The message to the administrators, the count and 企业信息 all point
 * here.
 */
export const JOIN_APPROVALS_ANCHOR = 'join-requests';
export const JOIN_APPROVALS_HREF = `/employeeManagement/member#${JOIN_APPROVALS_ANCHOR}`;
export const JOIN_APPROVALS_PLACE = '企业管理 › 成员管理 › 加入申请';

/** The administrators' message about a new join request. */
export function joinRequestMessage(maskedMobile: string): string {
  return `用户 ${maskedMobile} 申请加入企业，请在「${JOIN_APPROVALS_PLACE}」中审核。`;
}
