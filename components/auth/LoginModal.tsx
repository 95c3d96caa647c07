'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Modal, Tabs } from 'antd';
import { ApiClientError } from '@/lib/client/request';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { PRODUCT_NAME } from '@/lib/shared/brand';
import { VALIDATION_MESSAGES } from '@/lib/shared/validation';
import { postLoginTarget } from '@/lib/shared/auth/routes';
import { AI_PATH, isBuiltPage } from '@/lib/shared/routes';
import { closeLoginModal, loadSession, sessionStore, useSession } from '@/lib/client/session';
import {
  consumeAiJumpFlag,
  setLoginSuccessFlag,
  setRememberedAccount,
} from '@/lib/client/session/login-flags';
import { loginApi, type CompanyInput, type InvitationInfo } from './login-api';
import { clearStoredTicket } from './qr-ticket-store';
import { ConsentCheckbox, useConsent } from './ConsentCheckbox';
import { QrLoginTab, type QrOutcome } from './QrLoginTab';
import { SmsLoginTab } from './SmsLoginTab';
import { PasswordLoginTab } from './PasswordLoginTab';
import { ForgotPasswordTab } from './ForgotPasswordTab';
import { BindPhoneTab } from './BindPhoneTab';
import { BindEnterpriseTab, type BindEnterpriseValues } from './BindEnterpriseTab';

/** How a bind-enterprise step finishes the login it interrupted. */
type BindContext =
  | { kind: 'ticket'; bindTicket: string; mobile: string }
  | { kind: 'register'; registerTicket: string; mobile: string }
  | { kind: 'qrPhone'; ticket: string; mobile: string; smsCode: string };

type View =
  | { name: 'qr' | 'sms' | 'password' | 'forgot' }
  | { name: 'bindPhone'; ticket: string }
  | { name: 'bindEnterprise'; type: 0 | 1; ctx: BindContext };

type LoginMethod = 'password' | 'sms' | 'qr' | 'bind';

/** Spec 4.2: a failed QR-phone binding opens enterprise completion after 0.5 s. */
const BIND_ENTERPRISE_DELAY_MS = 500;
const SMS_CODE_ERRORS = new Set<number>([
  ERRORS.SMS_CODE_NOT_FOUND.code,
  ERRORS.SMS_CODE_EXPIRED.code,
  ERRORS.SMS_CODE_USED.code,
]);

function readQuery(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

/**
 * The login modal of spec 2.6 with the transitions of spec 4.2: WeChat QR (default), SMS,
 * account + password, forgot password, bind phone and bind enterprise (types 0 and 1).
 */
export function LoginModal() {
  const { message, notification } = App.useApp();
  const { loginModalOpen } = useSession();
  const [view, setView] = useState<View>({ name: 'qr' });
  const [renewKey, setRenewKey] = useState(0);
  const [timerKey, setTimerKey] = useState(0);
  const [invitation, setInvitation] = useState<InvitationInfo | null>(null);
  const consent = useConsent();
  const invitationRef = useRef<InvitationInfo | null>(null);
  invitationRef.current = invitation;

  const close = useCallback(() => {
    // Spec 4.2: closing clears the ticket and timers and resets to the QR tab.
    clearStoredTicket();
    closeLoginModal();
    if (window.location.pathname === '/login') window.history.replaceState(null, '', '/');
  }, []);

  const toQr = useCallback(() => {
    clearStoredTicket();
    setRenewKey((k) => k + 1);
    setView({ name: 'qr' });
  }, []);

  const finishLogin = useCallback(
    async (method: LoginMethod, account?: { username: string; remember: boolean }) => {
      // Spec 4.2: password login keeps or clears the remembered account; SMS and QR clear it.
      if (method === 'password' && account)
        setRememberedAccount(account.remember ? account.username : null);
      else if (method === 'sms' || method === 'qr') setRememberedAccount(null);
      clearStoredTicket();
      await loadSession().catch(() => undefined);
      setLoginSuccessFlag();
      const params = readQuery();
      const redirect = sessionStore.getSnapshot().loginRedirect;
      if (redirect) params.set('redirect', redirect);
      const target = postLoginTarget({
        pathname: window.location.pathname,
        search: `?${params.toString()}`,
        aiFlag: consumeAiJumpFlag(),
        aiAvailable: isBuiltPage(AI_PATH),
      });
      const current = window.location.pathname + window.location.search;
      if (target === current) window.location.reload();
      else window.location.assign(target);
    },
    [],
  );

  const bindWith = useCallback(async (ctx: BindContext, company: CompanyInput) => {
    if (ctx.kind === 'ticket')
      await loginApi.bindEnterprise({ bindTicket: ctx.bindTicket, ...company });
    else if (ctx.kind === 'register')
      await loginApi.signUpByMobile({
        mobile: ctx.mobile,
        registerTicket: ctx.registerTicket,
        ...company,
      });
    else
      await loginApi.wxBindMobileLogin({
        mobile: ctx.mobile,
        smsCode: ctx.smsCode,
        ticket: ctx.ticket,
        ...company,
      });
  }, []);

  /** Opens enterprise completion, or binds the invitation's tenant at once (type 1 invitation). */
  function openBind(type: 0 | 1, ctx: BindContext) {
    const inv = invitationRef.current;
    if (inv && inv.type === 1) {
      bindWith(ctx, { invitationCode: inv.code })
        .then(() => finishLogin('bind'))
        .catch((err: unknown) => handleError(err));
      return;
    }
    setView({ name: 'bindEnterprise', type, ctx });
  }

  /** The reactions of spec 4.2 and section 8 to a failed login step. */
  function handleError(err: unknown) {
    if (!(err instanceof ApiClientError)) {
      message.error(ERRORS.UNKNOWN.msg);
      return;
    }
    const data = (err.data ?? {}) as Record<string, unknown>;
    switch (err.code) {
      case ERRORS.AUTH_NO_ENTERPRISE.code:
        openBind(0, {
          kind: 'ticket',
          bindTicket: String(data.bindTicket ?? ''),
          mobile: String(data.mobile ?? ''),
        });
        return;
      case ERRORS.USER_MOBILE_NOT_REGISTERED.code:
        setTimerKey((k) => k + 1);
        openBind(1, {
          kind: 'register',
          registerTicket: String(data.registerTicket ?? ''),
          mobile: String(data.mobile ?? ''),
        });
        return;
      case ERRORS.AUTH_JOIN_PENDING_OR_REJECTED.code:
        message.error(err.message);
        sessionStore.set({
          reviewStatus: { mobile: String(data.mobile ?? ''), status: Number(data.status ?? 0) },
        });
        close();
        return;
      case ERRORS.JOIN_SUBMITTED.code:
        notification.success({ title: '申请已提交', description: err.message });
        sessionStore.set({
          reviewStatus: { mobile: String(data.mobile ?? ''), status: Number(data.status ?? 0) },
        });
        close();
        return;
      case ERRORS.JOIN_ALREADY_MEMBER.code:
      case ERRORS.JOIN_ALREADY_PENDING.code:
        return; // rejected silently (spec 8)
      case ERRORS.AUTH_QR_TICKET_EXPIRED.code:
        message.error('二维码已过期，请重新扫码登录');
        toQr();
        return;
      case ERRORS.AUTH_WEIXIN_NOT_BOUND.code:
      case ERRORS.AUTH_WEIXIN_CODE_INVALID.code:
        message.error(err.message);
        toQr();
        return;
      default:
        message.error(err.message);
    }
  }

  // Query parameters read when the modal opens: invitationCode, and the WeChat web callback.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const q = readQuery();
    const code = q.get('invitationCode');
    if (code) {
      loginApi
        .invitationByCode(code)
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
      loginApi
        .wechatWebLogin(wxCode, wxState)
        .then(() => finishLogin('qr'))
        .catch((err: unknown) => handleError(err));
    }
    // handleError is rebuilt every render; the callback runs once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onQrOutcome = (o: QrOutcome) => {
    if (o.kind === 'needPhone') {
      setView({ name: 'bindPhone', ticket: o.ticket });
      return;
    }
    if (o.kind === 'error') {
      handleError(o.error);
      return;
    }
    loginApi
      .qrLogin(o.ticket)
      .then(() => finishLogin('qr'))
      .catch((err: unknown) => {
        if (err instanceof ApiClientError && err.code === ERRORS.AUTH_THIRD_LOGIN_NOT_BIND.code)
          setView({ name: 'bindPhone', ticket: o.ticket });
        else handleError(err);
      });
  };

  const remindConsent = () => {
    message.warning(VALIDATION_MESSAGES.consentRequired);
    consent.remind();
  };

  const consentBox = (
    <ConsentCheckbox checked={consent.agree} onChange={consent.setAgree} nudge={consent.nudge} />
  );

  const onBindEnterprise = async (
    type: 0 | 1,
    ctx: BindContext,
    values: BindEnterpriseValues,
  ): Promise<void> => {
    try {
      await bindWith(ctx, {
        companyId: values.companyId,
        companyName: values.companyName,
        invitationCode: invitation?.code ?? null,
      });
      await finishLogin('bind');
    } catch (err) {
      handleError(err);
    }
  };

  let body: React.ReactNode;
  if (view.name === 'forgot') {
    body = (
      <ForgotPasswordTab
        onBack={() => setView({ name: 'password' })}
        onSubmit={async (v) => {
          try {
            await loginApi.resetPassword({
              mobile: v.username,
              verificationCode: v.verifyCode,
              newPassword: v.password,
            });
            message.success('重置成功');
            // Spec 4.2: back to the account tab, and a new QR ticket.
            clearStoredTicket();
            setRenewKey((k) => k + 1);
            setView({ name: 'password' });
          } catch (err) {
            handleError(err);
          }
        }}
      />
    );
  } else if (view.name === 'bindPhone') {
    const ticket = view.ticket;
    body = (
      <BindPhoneTab
        onBack={toQr}
        onSubmit={async (v) => {
          try {
            await loginApi.wxBindMobileLogin({
              mobile: v.mobile,
              smsCode: v.smsCode,
              ticket,
              invitationCode: invitation?.code ?? null,
            });
            await finishLogin('qr');
          } catch (err) {
            if (!(err instanceof ApiClientError)) return handleError(err);
            if (SMS_CODE_ERRORS.has(err.code)) {
              message.error(err.message); // spec 4.2: nothing more, loading ends
              return;
            }
            const passThrough: number[] = [
              ERRORS.AUTH_QR_TICKET_EXPIRED.code,
              ERRORS.AUTH_JOIN_PENDING_OR_REJECTED.code,
              ERRORS.JOIN_SUBMITTED.code,
              ERRORS.JOIN_ALREADY_MEMBER.code,
              ERRORS.JOIN_ALREADY_PENDING.code,
            ];
            if (passThrough.includes(err.code)) return handleError(err);
            const data = (err.data ?? {}) as Record<string, unknown>;
            if (err.code !== ERRORS.AUTH_NO_ENTERPRISE.code) message.error(err.message);
            const ctx: BindContext = data.bindTicket
              ? { kind: 'ticket', bindTicket: String(data.bindTicket), mobile: v.mobile }
              : { kind: 'qrPhone', ticket, mobile: v.mobile, smsCode: v.smsCode };
            setTimeout(() => openBind(0, ctx), BIND_ENTERPRISE_DELAY_MS);
          }
        }}
      />
    );
  } else if (view.name === 'bindEnterprise') {
    const { type, ctx } = view;
    body = (
      <BindEnterpriseTab
        type={type}
        mobile={ctx.mobile}
        initialName={invitation?.type === 0 ? invitation.tenantName : undefined}
        onBack={toQr}
        onSubmit={(v) => onBindEnterprise(type, ctx, v)}
      />
    );
  } else {
    body = (
      <Tabs
        centered
        activeKey={view.name}
        onChange={(key) => setView({ name: key as 'qr' | 'sms' | 'password' })}
        items={[
          {
            key: 'qr',
            label: '微信登录',
            children: (
              <>
                <QrLoginTab
                  agree={consent.agree}
                  onRemindConsent={remindConsent}
                  onOutcome={onQrOutcome}
                  renewKey={renewKey}
                />
                <div style={{ marginTop: 16, display: 'flex', justifyContent: 'center' }}>
                  {consentBox}
                </div>
              </>
            ),
          },
          {
            key: 'sms',
            label: '短信登录',
            children: (
              <SmsLoginTab
                agree={consent.agree}
                onRemindConsent={remindConsent}
                consent={consentBox}
                timerKey={timerKey}
                onSubmit={async (v) => {
                  try {
                    const answer = await loginApi.smsLogin({
                      ...v,
                      invitationCode: invitation?.code ?? null,
                    });
                    // Spec 5: a code login answered without data is rejected.
                    if (!answer?.userId) {
                      message.error(ERRORS.UNKNOWN.msg);
                      return;
                    }
                    await finishLogin('sms');
                  } catch (err) {
                    handleError(err);
                  }
                }}
              />
            ),
          },
          {
            key: 'password',
            label: '密码登录',
            children: (
              <PasswordLoginTab
                agree={consent.agree}
                onRemindConsent={remindConsent}
                consent={consentBox}
                onForgot={() => setView({ name: 'forgot' })}
                onSubmit={async (v) => {
                  try {
                    await loginApi.passwordLogin({
                      username: v.username.trim(),
                      password: v.password,
                      rememberMe: v.remember,
                      captchaVerification: v.captchaVerification,
                    });
                    await finishLogin('password', {
                      username: v.username.trim(),
                      remember: v.remember,
                    });
                  } catch (err) {
                    handleError(err);
                  }
                }}
              />
            ),
          },
        ]}
      />
    );
  }

  return (
    <Modal
      open={loginModalOpen}
      onCancel={close}
      afterClose={() => setView({ name: 'qr' })}
      footer={null}
      width={440}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      title={null}
      aria-label="登录"
    >
      <div style={{ padding: '8px 8px 0' }}>
        {view.name === 'qr' || view.name === 'sms' || view.name === 'password' ? (
          <p style={{ margin: '0 0 8px', textAlign: 'center', fontSize: 18, fontWeight: 600 }}>
            欢迎登录{PRODUCT_NAME}
          </p>
        ) : null}
        {invitation ? (
          <p style={{ margin: '0 0 8px', textAlign: 'center', color: '#1677ff' }}>
            {invitation.inviterName || '好友'} 邀请您加入「{invitation.tenantName}」
          </p>
        ) : null}
        {body}
      </div>
    </Modal>
  );
}
