'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiClientError, call } from '@/lib/client/request';
import { closeLoginModal, sessionStore } from '@/lib/client/session';
import {
  consumeAiJumpFlag,
  setLoginSuccessFlag,
  setRememberedAccount,
} from '@/lib/client/session/login-flags';
import { takeAiAsk } from '@/lib/client/ai/jump';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  bindEnterpriseLogin,
  passwordLogin,
  resetPassword,
  signUpByMobile,
  smsLogin,
} from '@/lib/shared/auth/auth.endpoints';
import { getInvitationByCode } from '@/lib/shared/invitation/invitation.endpoints';
import {
  qrcodeLogin,
  wxMpBindMobileLogin,
  wxWebCodeLogin,
} from '@/lib/shared/wechat/wechat.endpoints';
import { postLoginTarget } from '@/lib/shared/auth/routes';
import type { InvitationInfo } from '@/lib/shared/invitation/invitation.contract';
import { AI_PATH, isBuiltPage } from '@/lib/shared/routes';
import type { BindEnterpriseValues } from './BindEnterpriseTab';
import type { BindPhoneValues } from './BindPhoneTab';
import type { ResetValues } from './ForgotPasswordTab';
import {
  bindAtOnceWith,
  reactionToBindPhoneError,
  reactionToLoginError,
  rememberedAccountAfter,
  type BindContext,
  type CompanyInput,
  type LoginMethod,
  type LoginReaction,
  type LoginView,
} from './login-flow';
import type { PasswordLoginValues } from './PasswordLoginTab';
import type { QrOutcome } from './QrLoginTab';
import { clearStoredTicket } from './qr-ticket-store';
import type { SmsLoginValues } from './SmsLoginTab';
import { clearAiJumpFlag } from '@/lib/client/ai/jump';
import { defaultLoginTab } from '@/lib/shared/auth/login-reason';
import { useFeedback } from '@/lib/client/feedback';

// Every login call handles its own errors (the modal's state machine of spec 4.2).
const silent = { silent: true } as const;

function readQuery(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

function bindWith(ctx: BindContext, company: CompanyInput) {
  if (ctx.kind === 'ticket')
    return call(bindEnterpriseLogin, { body: { bindTicket: ctx.bindTicket, ...company } }, silent);
  if (ctx.kind === 'register')
    return call(
      signUpByMobile,
      { body: { mobile: ctx.mobile, registerTicket: ctx.registerTicket, ...company } },
      silent,
    );
  return call(
    wxMpBindMobileLogin,
    { body: { mobile: ctx.mobile, smsCode: ctx.smsCode, ticket: ctx.ticket, ...company } },
    silent,
  );
}

/**
 * Leaves the modal for where the login should land (spec 4.2 postLoginTarget). The page loads the
 * session itself, so it is not loaded here first.
 */
function finishLogin(method: LoginMethod, account?: { username: string; remember: boolean }) {
  const remembered = rememberedAccountAfter(method, account);
  if (remembered !== undefined) setRememberedAccount(remembered);
  clearStoredTicket();
  setLoginSuccessFlag();
  const params = readQuery();
  const redirect = sessionStore.getSnapshot().loginRedirect;
  if (redirect) params.set('redirect', redirect);
  const target = postLoginTarget({
    pathname: window.location.pathname,
    search: `?${params.toString()}`,
    aiFlag: consumeAiJumpFlag(),
    aiAsk: takeAiAsk(),
    aiAvailable: isBuiltPage(AI_PATH),
  });
  const current = window.location.pathname + window.location.search;
  if (target === current) window.location.reload();
  else window.location.assign(target);
}

/**
 * The login modal's state and steps (spec 2.6, 4.2): which view shows, the invitation it came
 * with, and one submit per form; failures are turned into reactions by login-flow.ts.
 */
export function useLoginFlow() {
  const { message, notification } = useFeedback();
  // SMS on a phone (its own screen shows the QR), WeChat QR elsewhere (issue 28 item 7).
  const [view, setView] = useState<LoginView>(() => ({ name: defaultLoginTab() }));
  const [renewKey, setRenewKey] = useState(0);
  const [timerKey, setTimerKey] = useState(0);
  const [invitation, setInvitation] = useState<InvitationInfo | null>(null);
  const invitationRef = useRef<InvitationInfo | null>(null);
  invitationRef.current = invitation;
  const invitationCode = () => invitationRef.current?.code ?? null;

  const close = useCallback(() => {
    // Spec 4.2: closing clears the ticket and timers and resets to the QR tab.
    clearStoredTicket();
    // An abandoned login forgets where an AI entry wanted to go (a later login stays put).
    clearAiJumpFlag();
    closeLoginModal();
    if (window.location.pathname === '/login') window.history.replaceState(null, '', '/');
  }, []);

  const toQr = useCallback(() => {
    clearStoredTicket();
    setRenewKey((k) => k + 1);
    setView({ name: 'qr' });
  }, []);

  /** Opens enterprise completion, or binds the invitation's tenant at once (login-flow.ts). */
  function openBind(type: 0 | 1, ctx: BindContext) {
    const atOnce = bindAtOnceWith(invitationRef.current);
    if (atOnce) {
      bindWith(ctx, atOnce)
        .then(() => finishLogin('bind'))
        .catch(handleError);
      return;
    }
    setView({ name: 'bindEnterprise', type, ctx });
  }

  function apply(reaction: LoginReaction) {
    switch (reaction.kind) {
      case 'bind':
        if (reaction.restartSmsTimer) setTimerKey((k) => k + 1);
        if (reaction.delayMs > 0)
          setTimeout(() => openBind(reaction.type, reaction.ctx), reaction.delayMs);
        else openBind(reaction.type, reaction.ctx);
        return;
      case 'review':
        if (reaction.submitted)
          notification.success({ title: '申请已提交', description: reaction.text });
        else message.error(reaction.text);
        sessionStore.set({ reviewStatus: reaction.reviewStatus });
        close();
        return;
      case 'ignore':
        return;
      case 'backToQr':
        message.error(reaction.text);
        toQr();
        return;
      case 'message':
        message.error(reaction.text);
    }
  }

  function handleError(err: unknown) {
    if (err instanceof ApiClientError) apply(reactionToLoginError(err));
    else message.error(ERRORS.UNKNOWN.msg);
  }

  // Query parameters read when the modal opens: invitationCode, and the WeChat web callback.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const q = readQuery();
    const code = q.get('invitationCode');
    if (code) {
      call(getInvitationByCode, { query: { code } }, silent)
        .then(setInvitation)
        .catch((err: unknown) => {
          if (err instanceof ApiClientError && err.code === ERRORS.INVITATION_EXPIRED.code)
            message.warning('邀请码已过期');
          else if (err instanceof ApiClientError) message.warning(err.message);
        });
    }
    const wxCode = q.get('code');
    const wxState = q.get('state');
    if (wxCode && wxState !== null) {
      // Drop the one-time code from the address bar whatever happens next.
      q.delete('code');
      q.delete('state');
      const rest = q.toString();
      window.history.replaceState(null, '', window.location.pathname + (rest ? `?${rest}` : ''));
      call(wxWebCodeLogin, { query: { code: wxCode, state: wxState } }, silent)
        .then(() => finishLogin('qr'))
        .catch(handleError);
    }
    // handleError is rebuilt every render; the callback runs once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onQrOutcome(o: QrOutcome) {
    if (o.kind === 'needPhone') return setView({ name: 'bindPhone', ticket: o.ticket });
    if (o.kind === 'error') return handleError(o.error);
    call(qrcodeLogin, { body: { ticket: o.ticket } }, silent)
      .then(() => finishLogin('qr'))
      .catch((err: unknown) => {
        if (err instanceof ApiClientError && err.code === ERRORS.AUTH_THIRD_LOGIN_NOT_BIND.code)
          setView({ name: 'bindPhone', ticket: o.ticket });
        else handleError(err);
      });
  }

  async function submitSms(v: SmsLoginValues): Promise<void> {
    try {
      const answer = await call(
        smsLogin,
        { body: { ...v, invitationCode: invitationCode() } },
        silent,
      );
      // Spec 5: a code login answered without data is rejected.
      if (!answer?.userId) {
        message.error(ERRORS.UNKNOWN.msg);
        return;
      }
      finishLogin('sms');
    } catch (err) {
      handleError(err);
    }
  }

  async function submitPassword(
    v: PasswordLoginValues & { captchaVerification: string },
  ): Promise<void> {
    const username = v.username.trim();
    try {
      await call(
        passwordLogin,
        {
          body: {
            username,
            password: v.password,
            rememberMe: v.remember,
            captchaVerification: v.captchaVerification,
          },
        },
        silent,
      );
      finishLogin('password', { username, remember: v.remember });
    } catch (err) {
      handleError(err);
    }
  }

  async function submitForgot(v: ResetValues): Promise<void> {
    try {
      await call(
        resetPassword,
        { body: { mobile: v.username, verificationCode: v.verifyCode, newPassword: v.password } },
        silent,
      );
      message.success('重置成功');
      // Spec 4.2: back to the account tab, and a new QR ticket.
      clearStoredTicket();
      setRenewKey((k) => k + 1);
      setView({ name: 'password' });
    } catch (err) {
      handleError(err);
    }
  }

  async function submitBindPhone(ticket: string, v: BindPhoneValues): Promise<void> {
    try {
      await call(
        wxMpBindMobileLogin,
        {
          body: { mobile: v.mobile, smsCode: v.smsCode, ticket, invitationCode: invitationCode() },
        },
        silent,
      );
      finishLogin('qr');
    } catch (err) {
      if (!(err instanceof ApiClientError)) return handleError(err);
      reactionToBindPhoneError(err, { ticket, ...v }).forEach(apply);
    }
  }

  async function submitBindEnterprise(
    ctx: BindContext,
    values: BindEnterpriseValues,
  ): Promise<void> {
    try {
      await bindWith(ctx, {
        companyId: values.companyId,
        companyName: values.companyName,
        invitationCode: invitationCode(),
      });
      finishLogin('bind');
    } catch (err) {
      handleError(err);
    }
  }

  return {
    view,
    setView,
    invitation,
    renewKey,
    timerKey,
    close,
    toQr,
    onQrOutcome,
    submitSms,
    submitPassword,
    submitForgot,
    submitBindPhone,
    submitBindEnterprise,
  };
}
