import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  BIND_ENTERPRISE_DELAY_MS,
  bindAtOnceWith,
  reactionToBindPhoneError,
  reactionToLoginError,
  rememberedAccountAfter,
} from '../login-flow';

const fail = (code: number, data: unknown = null, message = `msg ${code}`) => ({
  code,
  message,
  data,
});

describe('reactionToLoginError (spec 4.2, section 8)', () => {
  it('opens enterprise completion with the bind ticket when the account has no enterprise', () => {
    expect(
      reactionToLoginError(
        fail(ERRORS.AUTH_NO_ENTERPRISE.code, { bindTicket: 'bt', mobile: '13800000000' }),
      ),
    ).toEqual({
      kind: 'bind',
      type: 0,
      ctx: { kind: 'ticket', bindTicket: 'bt', mobile: '13800000000' },
      restartSmsTimer: false,
      delayMs: 0,
    });
  });

  it('opens sign-up (type 1) for a new number and restarts the SMS timer', () => {
    const r = reactionToLoginError(
      fail(ERRORS.USER_MOBILE_NOT_REGISTERED.code, { registerTicket: 'rt', mobile: '139' }),
    );
    expect(r).toMatchObject({
      kind: 'bind',
      type: 1,
      ctx: { kind: 'register', registerTicket: 'rt', mobile: '139' },
      restartSmsTimer: true,
    });
  });

  it('records the review status of a pending, rejected or submitted join request', () => {
    expect(
      reactionToLoginError(
        fail(ERRORS.AUTH_JOIN_PENDING_OR_REJECTED.code, { mobile: '137', status: 2 }, '审核中'),
      ),
    ).toEqual({
      kind: 'review',
      text: '审核中',
      submitted: false,
      reviewStatus: { mobile: '137', status: 2 },
    });
    expect(reactionToLoginError(fail(ERRORS.JOIN_SUBMITTED.code, {}))).toMatchObject({
      kind: 'review',
      submitted: true,
      reviewStatus: { mobile: '', status: 0 },
    });
  });

  it('ignores "already a member" and "already pending" silently', () => {
    expect(reactionToLoginError(fail(ERRORS.JOIN_ALREADY_MEMBER.code))).toEqual({ kind: 'ignore' });
    expect(reactionToLoginError(fail(ERRORS.JOIN_ALREADY_PENDING.code))).toEqual({
      kind: 'ignore',
    });
  });

  it('goes back to a fresh QR code when the ticket expired or WeChat cannot log in', () => {
    expect(reactionToLoginError(fail(ERRORS.AUTH_QR_TICKET_EXPIRED.code))).toEqual({
      kind: 'backToQr',
      text: '二维码已过期，请重新扫码登录',
    });
    expect(reactionToLoginError(fail(ERRORS.AUTH_WEIXIN_NOT_BOUND.code, null, '未绑定'))).toEqual({
      kind: 'backToQr',
      text: '未绑定',
    });
    expect(reactionToLoginError(fail(ERRORS.AUTH_WEIXIN_CODE_INVALID.code)).kind).toBe('backToQr');
  });

  it('shows the server message for anything else', () => {
    expect(
      reactionToLoginError(fail(ERRORS.AUTH_LOGIN_BAD_CREDENTIALS.code, null, '密码错误')),
    ).toEqual({
      kind: 'message',
      text: '密码错误',
    });
  });
});

describe('reactionToBindPhoneError (QR scan, then phone)', () => {
  const step = { ticket: 'qr-1', mobile: '13900000000', smsCode: '1234' };

  it('only says a wrong or expired SMS code is wrong', () => {
    for (const e of [ERRORS.SMS_CODE_NOT_FOUND, ERRORS.SMS_CODE_EXPIRED, ERRORS.SMS_CODE_USED])
      expect(reactionToBindPhoneError(fail(e.code, null, e.msg), step)).toEqual([
        { kind: 'message', text: e.msg },
      ]);
  });

  it('only says so when a new phone registered at this step had a wrong code (1002000008)', () => {
    const e = ERRORS.AUTH_REGISTER_CAPTCHA_CODE_ERROR;
    expect(reactionToBindPhoneError(fail(e.code, null, e.msg), step)).toEqual([
      { kind: 'message', text: e.msg },
    ]);
  });

  it('hands ticket and review codes to the general rules', () => {
    expect(reactionToBindPhoneError(fail(ERRORS.AUTH_QR_TICKET_EXPIRED.code), step)).toEqual([
      { kind: 'backToQr', text: '二维码已过期，请重新扫码登录' },
    ]);
    expect(reactionToBindPhoneError(fail(ERRORS.JOIN_ALREADY_MEMBER.code), step)).toEqual([
      { kind: 'ignore' },
    ]);
  });

  it('opens enterprise completion after the delay, with the bind ticket when sent', () => {
    expect(
      reactionToBindPhoneError(fail(ERRORS.AUTH_NO_ENTERPRISE.code, { bindTicket: 'bt' }), step),
    ).toEqual([
      {
        kind: 'bind',
        type: 0,
        ctx: { kind: 'ticket', bindTicket: 'bt', mobile: step.mobile },
        restartSmsTimer: false,
        delayMs: BIND_ENTERPRISE_DELAY_MS,
      },
    ]);
  });

  it('says why, then completes with the QR ticket and code, on any other failure', () => {
    const [first, second] = reactionToBindPhoneError(fail(1234, null, '出错了'), step);
    expect(first).toEqual({ kind: 'message', text: '出错了' });
    expect(second).toMatchObject({ kind: 'bind', ctx: { kind: 'qrPhone', ...step } });
  });
});

describe('rememberedAccountAfter (spec 4.2)', () => {
  it('keeps or clears the account by the box on password login', () => {
    expect(rememberedAccountAfter('password', { username: 'zhang', remember: true })).toBe('zhang');
    expect(rememberedAccountAfter('password', { username: 'zhang', remember: false })).toBeNull();
  });
  it('clears it on SMS and QR login and leaves it alone on binding', () => {
    expect(rememberedAccountAfter('sms')).toBeNull();
    expect(rememberedAccountAfter('qr')).toBeNull();
    expect(rememberedAccountAfter('bind')).toBeUndefined();
  });
});

describe('enterprise completion with an invitation (issue 28 item 7)', () => {
  it('binds the invited enterprise at once for share links too: no prefilled company to confirm', () => {
    expect(bindAtOnceWith({ code: 'ABC123', type: 0, tenantName: '演示科技有限公司' })).toEqual({
      invitationCode: 'ABC123',
    });
    expect(bindAtOnceWith({ code: 'XYZ', type: 1 })).toEqual({ invitationCode: 'XYZ' });
  });
  it('asks with the form when there is no invitation', () => {
    expect(bindAtOnceWith(null)).toBeNull();
  });
});
