import { ERRORS } from '@/lib/shared/api/error-codes';

/**
 * The rules of the login modal's state machine (spec 4.2 and section 8), free of React and of the
 * network so they can be tested alone; useLoginFlow applies them.
 */

/** How a bind-enterprise step finishes the login it interrupted. */
export type BindContext =
  | { kind: 'ticket'; bindTicket: string; mobile: string }
  | { kind: 'register'; registerTicket: string; mobile: string }
  | { kind: 'qrPhone'; ticket: string; mobile: string; smsCode: string };

/** Enterprise fields of the bind form (spec 3 bind form). */
export type CompanyInput = {
  companyId?: number | null;
  companyName?: string | null;
  invitationCode?: string | null;
};

export type LoginView =
  | { name: 'qr' | 'sms' | 'password' | 'forgot' }
  | { name: 'bindPhone'; ticket: string }
  | { name: 'bindEnterprise'; type: 0 | 1; ctx: BindContext };

export type LoginMethod = 'password' | 'sms' | 'qr' | 'bind';

export type ReviewStatus = { mobile: string; status: number };

/** What the modal does after a failed step. */
export type LoginReaction =
  /** Enterprise completion (type 0: bind or join, type 1: new account); `restartSmsTimer` for sign-up. */
  | { kind: 'bind'; type: 0 | 1; ctx: BindContext; restartSmsTimer: boolean; delayMs: number }
  /** A join request is under review, was rejected, or was just submitted: say so and close. */
  | { kind: 'review'; text: string; submitted: boolean; reviewStatus: ReviewStatus }
  /** Spec 8: rejected without a word. */
  | { kind: 'ignore' }
  /** The QR ticket or WeChat binding failed: back to a fresh QR code. */
  | { kind: 'backToQr'; text: string }
  | { kind: 'message'; text: string };

/** The failure of an API call as the flow needs it (ApiClientError carries these). */
export type LoginFailure = { code: number; message: string; data: unknown };

/** Spec 4.2: a failed QR-phone binding opens enterprise completion after 0.5 s. */
export const BIND_ENTERPRISE_DELAY_MS = 500;

const SMS_CODE_ERRORS = new Set<number>([
  // A new phone registered at the bind-phone step: its code was wrong (spec 8, QR-login flow).
  ERRORS.AUTH_REGISTER_CAPTCHA_CODE_ERROR.code,
  ERRORS.SMS_CODE_NOT_FOUND.code,
  ERRORS.SMS_CODE_EXPIRED.code,
  ERRORS.SMS_CODE_USED.code,
]);

/** Codes the bind-phone step hands to the general rules unchanged. */
const BIND_PHONE_PASS_THROUGH = new Set<number>([
  ERRORS.AUTH_QR_TICKET_EXPIRED.code,
  ERRORS.AUTH_JOIN_PENDING_OR_REJECTED.code,
  ERRORS.JOIN_SUBMITTED.code,
  ERRORS.JOIN_ALREADY_MEMBER.code,
  ERRORS.JOIN_ALREADY_PENDING.code,
]);

function fields(data: unknown): Record<string, unknown> {
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

function reviewStatusOf(data: Record<string, unknown>): ReviewStatus {
  return { mobile: String(data.mobile ?? ''), status: Number(data.status ?? 0) };
}

/** The reaction to a failed login, sign-up, binding or reset (spec 4.2, section 8). */
export function reactionToLoginError(err: LoginFailure): LoginReaction {
  const data = fields(err.data);
  switch (err.code) {
    case ERRORS.AUTH_NO_ENTERPRISE.code:
      return {
        kind: 'bind',
        type: 0,
        ctx: {
          kind: 'ticket',
          bindTicket: String(data.bindTicket ?? ''),
          mobile: String(data.mobile ?? ''),
        },
        restartSmsTimer: false,
        delayMs: 0,
      };
    case ERRORS.USER_MOBILE_NOT_REGISTERED.code:
      return {
        kind: 'bind',
        type: 1,
        ctx: {
          kind: 'register',
          registerTicket: String(data.registerTicket ?? ''),
          mobile: String(data.mobile ?? ''),
        },
        restartSmsTimer: true,
        delayMs: 0,
      };
    case ERRORS.AUTH_JOIN_PENDING_OR_REJECTED.code:
      return {
        kind: 'review',
        text: err.message,
        submitted: false,
        reviewStatus: reviewStatusOf(data),
      };
    case ERRORS.JOIN_SUBMITTED.code:
      return {
        kind: 'review',
        text: err.message,
        submitted: true,
        reviewStatus: reviewStatusOf(data),
      };
    case ERRORS.JOIN_ALREADY_MEMBER.code:
    case ERRORS.JOIN_ALREADY_PENDING.code:
      return { kind: 'ignore' };
    case ERRORS.AUTH_QR_TICKET_EXPIRED.code:
      return { kind: 'backToQr', text: '二维码已过期，请重新扫码登录' };
    case ERRORS.AUTH_WEIXIN_NOT_BOUND.code:
    case ERRORS.AUTH_WEIXIN_CODE_INVALID.code:
      return { kind: 'backToQr', text: err.message };
    default:
      return { kind: 'message', text: err.message };
  }
}

/**
 * The bind-phone step after a QR scan (spec 4.2): a wrong SMS code only says so; review and ticket
 * codes follow the general rules; anything else opens enterprise completion after a short delay
 * (with the server's bindTicket when it sent one), saying why unless the account merely lacks one.
 */
export function reactionToBindPhoneError(
  err: LoginFailure,
  step: { ticket: string; mobile: string; smsCode: string },
): LoginReaction[] {
  if (SMS_CODE_ERRORS.has(err.code)) return [{ kind: 'message', text: err.message }];
  if (BIND_PHONE_PASS_THROUGH.has(err.code)) return [reactionToLoginError(err)];
  const data = fields(err.data);
  const ctx: BindContext = data.bindTicket
    ? { kind: 'ticket', bindTicket: String(data.bindTicket), mobile: step.mobile }
    : { kind: 'qrPhone', ticket: step.ticket, mobile: step.mobile, smsCode: step.smsCode };
  const bind: LoginReaction = {
    kind: 'bind',
    type: 0,
    ctx,
    restartSmsTimer: false,
    delayMs: BIND_ENTERPRISE_DELAY_MS,
  };
  return err.code === ERRORS.AUTH_NO_ENTERPRISE.code
    ? [bind]
    : [{ kind: 'message', text: err.message }, bind];
}

/**
 * Spec 4.2 remembered account: a password login keeps or clears it as the box says; SMS and QR
 * logins clear it; a binding leaves it alone (undefined).
 */
export function rememberedAccountAfter(
  method: LoginMethod,
  account?: { username: string; remember: boolean },
): string | null | undefined {
  if (method === 'password' && account) return account.remember ? account.username : null;
  if (method === 'sms' || method === 'qr') return null;
  return undefined;
}

/**
 * Enterprise completion with an invitation (issue 28 item 7): the invitation names the enterprise
 * (type 1 joins it directly, type 0 asks to join it), so there is nothing to choose and the step
 * binds at once with the code instead of showing the company prefilled for a confirming click.
 * Null without an invitation: the form asks.
 */
export function bindAtOnceWith(
  invitation: { code: string; type: number; tenantName?: string | null } | null,
): CompanyInput | null {
  if (!invitation?.code) return null;
  return { invitationCode: invitation.code };
}
