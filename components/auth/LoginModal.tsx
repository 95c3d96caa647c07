'use client';

import { Modal, Tabs } from 'antd';
import { PRODUCT_NAME } from '@/lib/shared/brand';
import { VALIDATION_MESSAGES } from '@/lib/shared/validation';
import { useSession } from '@/lib/client/session';
import { ConsentCheckbox, useConsent } from './ConsentCheckbox';
import { QrLoginTab } from './QrLoginTab';
import { SmsLoginTab } from './SmsLoginTab';
import { PasswordLoginTab } from './PasswordLoginTab';
import { ForgotPasswordTab } from './ForgotPasswordTab';
import { BindPhoneTab } from './BindPhoneTab';
import { BindEnterpriseTab } from './BindEnterpriseTab';
import { useLoginFlow } from './useLoginFlow';
import { loginModalShown } from '@/components/providers/runtime-loader';
import { CAPTCHA_TITLE, CaptchaHostContext, useCaptchaHost } from '@/components/captcha';
import { defaultLoginTab, loginReason } from '@/lib/shared/auth/login-reason';
import { useFeedback } from '@/lib/client/feedback';

/**
 * The login modal of spec 2.6: WeChat QR (default; SMS on a phone), SMS, account + password, forgot
 * password, bind phone and bind enterprise (types 0 and 1), saying why it opened when a page or an
 * action asked for it. The transitions of spec 4.2 live in useLoginFlow.
 */
export function LoginModal() {
  const { message } = useFeedback();
  const { loginModalOpen, loginRedirect } = useSession();
  const flow = useLoginFlow();
  const { view, setView, invitation } = flow;
  const consent = useConsent();
  // The slider shows in this dialog, in place of the form (one dialog, one close).
  const captcha = useCaptchaHost();
  // Why it opened: the guard's ?redirect= or an action's page (the modal renders in the browser).
  const reason = loginModalOpen
    ? loginReason(
        loginRedirect ??
          (typeof window === 'undefined'
            ? null
            : new URLSearchParams(window.location.search).get('redirect')),
        typeof window === 'undefined' ? '' : window.location.pathname,
      )
    : null;

  const remindConsent = () => {
    message.warning(VALIDATION_MESSAGES.consentRequired);
    consent.remind();
  };

  const consentBox = (
    <ConsentCheckbox checked={consent.agree} onChange={consent.setAgree} nudge={consent.nudge} />
  );

  let body: React.ReactNode;
  if (view.name === 'forgot') {
    body = (
      <ForgotPasswordTab
        onBack={() => setView({ name: 'password' })}
        onSubmit={flow.submitForgot}
      />
    );
  } else if (view.name === 'bindPhone') {
    const ticket = view.ticket;
    body = <BindPhoneTab onBack={flow.toQr} onSubmit={(v) => flow.submitBindPhone(ticket, v)} />;
  } else if (view.name === 'bindEnterprise') {
    const { type, ctx } = view;
    body = (
      <BindEnterpriseTab
        type={type}
        mobile={ctx.mobile}
        initialName={invitation?.type === 0 ? invitation.tenantName : undefined}
        onBack={flow.toQr}
        onSubmit={(v) => flow.submitBindEnterprise(ctx, v)}
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
                  onOutcome={flow.onQrOutcome}
                  renewKey={flow.renewKey}
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
                onAgree={() => consent.setAgree(true)}
                consent={consentBox}
                timerKey={flow.timerKey}
                onSubmit={flow.submitSms}
              />
            ),
          },
          {
            key: 'password',
            label: '密码登录',
            children: (
              <PasswordLoginTab
                agree={consent.agree}
                onAgree={() => consent.setAgree(true)}
                consent={consentBox}
                onForgot={() => setView({ name: 'forgot' })}
                onSubmit={flow.submitPassword}
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
      onCancel={flow.close}
      afterClose={() => setView({ name: defaultLoginTab() })}
      // Up: the lean shell shown while this loaded goes (public pages).
      afterOpenChange={(open) => {
        if (open) loginModalShown();
      }}
      footer={null}
      width={440}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      // The slider's title while it shows in place of the form (it names the dialog too).
      title={captcha.active ? CAPTCHA_TITLE : null}
    >
      {captcha.view}
      <div style={{ padding: '8px 8px 0', display: captcha.active ? 'none' : undefined }}>
        {view.name === 'qr' || view.name === 'sms' || view.name === 'password' ? (
          <p style={{ margin: '0 0 8px', textAlign: 'center', fontSize: 18, fontWeight: 600 }}>
            欢迎登录{PRODUCT_NAME}
          </p>
        ) : null}
        {reason && !invitation ? (
          <p
            role="status"
            data-testid="login-reason"
            style={{
              margin: '0 0 8px',
              padding: '6px 12px',
              textAlign: 'center',
              color: '#ad4e00',
              background: '#fff7e6',
              borderRadius: 6,
            }}
          >
            {reason}
          </p>
        ) : null}
        {invitation ? (
          <p style={{ margin: '0 0 8px', textAlign: 'center', color: '#1677ff' }}>
            {invitation.inviterName || '好友'} 邀请您加入「{invitation.tenantName}」
          </p>
        ) : null}
        <CaptchaHostContext.Provider value={captcha.host}>{body}</CaptchaHostContext.Provider>
      </div>
    </Modal>
  );
}
