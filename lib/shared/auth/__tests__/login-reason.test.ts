import { loginReason } from '../login-reason';

describe('why the login modal opened (issue 28 item 7)', () => {
  it('names the page the route guard sent the visitor from', () => {
    expect(loginReason('/favoritesPage?tab=1', '/')).toBe('请先登录后查看「我的收藏」');
    expect(loginReason('/clue/list', '/')).toBe('请先登录后查看「线索管理」');
    expect(loginReason('/somewhere/else', '/')).toBe('请先登录后查看该页面');
  });
  it('an action on this page, or the visitor’s own choice', () => {
    expect(loginReason('/companySearch?searchValue=a', '/companySearch')).toBe(
      '请先登录后继续操作',
    );
    expect(loginReason(null, '/')).toBeNull();
  });
});
