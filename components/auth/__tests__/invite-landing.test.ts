import { inviteLandingState } from '../invite-landing';

describe('/invite after the join request (issue 28 item 7)', () => {
  it('shows 等待审核 once the request is submitted, not 登录/注册 again', () => {
    expect(inviteLandingState('signed-out', { status: 0 })).toBe('pending');
    expect(inviteLandingState('signed-out', { status: 2 })).toBe('rejected');
  });
  it('offers sign-in before, and the workspace once a member', () => {
    expect(inviteLandingState('signed-out', null)).toBe('signIn');
    expect(inviteLandingState('loading', null)).toBe('signIn');
    expect(inviteLandingState('signed-in', { status: 0 })).toBe('signedIn');
  });
});
