import { callApi } from '@/test/helpers/api';

/**
 * Issue 9 finding 8: a NUL byte in a text field and malformed percent-encoding in a path answered
 * a server error. Each is the caller's mistake, answered 400 (the fuzz walk of every contract,
 * test/fuzz, keeps the rest of this finding).
 */
describe('issue 9 finding 8: bad input is refused, never a 500', () => {
  it('refuses NUL characters in any input field', async () => {
    const { json } = await callApi('POST', '/system/auth/refresh-token?refreshToken=a%00b');
    expect(json).toEqual({ code: 400, msg: '输入包含非法字符', data: null });
  });

  it('answers malformed percent-encoding in a path parameter with 400', async () => {
    const { status, msg } = await callApi('GET', '/infra/file/get/%E0%A4%A');
    expect(status).toBe(400);
    expect(msg).toBe('请求路径编码不正确');
  });
});
