/**
 * What /invite shows (issue 28 item 7): after 申请已提交 the invitee waits for the administrators,
 * so the page says 等待审核 and what happens next instead of offering 登录/注册 again.
 */
export type InviteLandingState = 'signIn' | 'signedIn' | 'pending' | 'rejected';

/** Join-request status as the review status carries it (join_requests.status). */
const PENDING = 0;
const REJECTED = 2;

export function inviteLandingState(
  status: 'loading' | 'signed-in' | 'signed-out',
  reviewStatus: { status: number } | null,
): InviteLandingState {
  if (status === 'signed-in') return 'signedIn';
  if (reviewStatus?.status === PENDING) return 'pending';
  if (reviewStatus?.status === REJECTED) return 'rejected';
  return 'signIn';
}
