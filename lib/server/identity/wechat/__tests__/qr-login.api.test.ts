import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/platform/db';
import { users as usersTable } from '@/db/schema';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { freshMobile, sendCode } from '@/lib/server/identity/auth/__tests__/support';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  confirmPhoneScan,
  continuePhoneScanAsNew,
  createQrcodeTicket,
  getPhoneTicketInfo,
  getQrcodeStatus,
  mintPhoneWebCode,
  qrcodeLogin,
  receiveMpCallback,
  verifyMpCallback,
  wxMpBindMobileLogin,
  wxWebCodeLogin,
} from '@/lib/shared/wechat/wechat.contract';

const SMS_CODE_NOT_FOUND = ERRORS.SMS_CODE_NOT_FOUND.code;
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

async function loginTicket(): Promise<string> {
  const r = await callContract(createQrcodeTicket, { query: { scene: 'login' } });
  expect(r.code).toBe(200);
  return r.data.ticket;
}

const status = (ticket: string) => callContract(getQrcodeStatus, { query: { ticket } });

describe('WeChat QR login (demo adapter)', () => {
  it('waits, then logs in the account that confirmed on the phone, once', async () => {
    const u = await createTestUser();
    const ticket = await loginTicket();
    const waiting = await status(ticket);
    expect([waiting.code, waiting.data]).toEqual([1002000011, 1]);

    const info = await callContract(getPhoneTicketInfo, { query: { ticket } }, as(u));
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({ scene: 'login', status: 1 });
    expect(info.data.currentUser?.boundOpenid).toBeNull();

    const scan = await callContract(confirmPhoneScan, { body: { ticket } }, as(u));
    expect(scan.data).toBe(2);
    expect((await status(ticket)).data).toBe(2);

    const login = await callContract(qrcodeLogin, { body: { ticket, rememberMe: false } });
    expect(login.code).toBe(200);
    expect(login.data).toMatchObject({ userId: u.userId, tenantId: u.tenantId });
    expect((await callContract(qrcodeLogin, { body: { ticket } })).code).toBe(1002000009);
    expect((await status(ticket)).code).toBe(1002000009);
  });

  it('binds a new WeChat to a phone number (SMS code) and logs in', async () => {
    const mobile = freshMobile();
    const u = await createTestUser({ mobile });
    const ticket = await loginTicket();
    expect((await callContract(continuePhoneScanAsNew, { body: { ticket } })).data).toBe(2);
    const unbound = await status(ticket);
    expect([unbound.code, unbound.data]).toEqual([1002000005, 2]);

    const noCode = await callContract(wxMpBindMobileLogin, { body: { mobile, ticket } });
    expect(noCode.code).toBe(SMS_CODE_NOT_FOUND);
    const smsCode = await sendCode(mobile, 21);
    const login = await callContract(wxMpBindMobileLogin, { body: { mobile, smsCode, ticket } });
    expect(login.code).toBe(200);
    expect(login.data.userId).toBe(u.userId);
    const session = { token: login.data.accessToken, tenantId: login.data.tenantId };
    const info = await callContract(getPhoneTicketInfo, { query: { ticket } }, session);
    expect(info.data.currentUser?.boundOpenid).toMatch(/^demo_/);
  });

  it('a new phone with a wrong or missing code at the bind-phone step: 1002000008, nothing created', async () => {
    const mobile = freshMobile();
    const ticket = await loginTicket();
    expect((await callContract(continuePhoneScanAsNew, { body: { ticket } })).data).toBe(2);
    const noCode = await callContract(wxMpBindMobileLogin, { body: { mobile, ticket } });
    expect(noCode.code).toBe(ERRORS.AUTH_REGISTER_CAPTCHA_CODE_ERROR.code);
    const smsCode = await sendCode(mobile, 21);
    const wrong = await callContract(wxMpBindMobileLogin, {
      body: { mobile, smsCode: smsCode === '000000' ? '111111' : '000000', ticket },
    });
    expect(wrong.code).toBe(1002000008);
    expect(wrong.msg).toBe(ERRORS.AUTH_REGISTER_CAPTCHA_CODE_ERROR.msg);
    const users = await getDb()
      .select({ id: usersTable.id })
      .from(usersTable)
      .where(eq(usersTable.mobile, mobile));
    expect(users).toHaveLength(0);
    // The ticket is still good: the right code registers the phone and goes on to the enterprise.
    const right = await callContract(wxMpBindMobileLogin, { body: { mobile, smsCode, ticket } });
    expect(right.code).not.toBe(1002000008);
    expect([200, ERRORS.AUTH_NO_ENTERPRISE.code]).toContain(right.code);
  });

  it('logs in with a one-time web code of a bound WeChat; the code works once', async () => {
    const u = await createTestUser();
    const minted = await callContract(mintPhoneWebCode, { body: {} }, as(u));
    expect(minted.code).toBe(200);
    expect(new URL(minted.data.loginUrl).searchParams.get('code')).toBe(minted.data.code);
    const login = await callContract(wxWebCodeLogin, { query: { code: minted.data.code } });
    expect(login.code).toBe(200);
    expect(login.data.userId).toBe(u.userId);
    const again = await callContract(wxWebCodeLogin, { query: { code: minted.data.code } });
    expect(again.code).toBe(1002000015);

    const stranger = await callContract(mintPhoneWebCode, { body: { newIdentity: true } });
    const refused = await callContract(wxWebCodeLogin, { query: { code: stranger.data.code } });
    expect(refused.code).toBe(1002000016);
  });

  it('answers 501 on the official-account callback while the demo adapter is in use', async () => {
    expect((await callContract(verifyMpCallback, { query: { echostr: 'x' } })).code).toBe(501);
    expect((await callContract(receiveMpCallback)).code).toBe(501);
  });
});
