'use client';

import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Segmented, Space, Spin } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { ApiClientError, call } from '@/lib/client/request';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { PRODUCT_NAME } from '@/lib/shared/brand';
import { logout } from '@/lib/client/session';
import { passwordLogin, smsLogin } from '@/lib/shared/auth/auth.endpoints';
import {
  confirmPhoneScan,
  continuePhoneScanAsNew,
  getPhoneTicketInfo,
} from '@/lib/shared/wechat/wechat.endpoints';
import type { PhoneTicketInfo } from '@/lib/shared/wechat/wechat.contract';
import { PasswordLoginTab } from './PasswordLoginTab';
import { SmsLoginTab } from './SmsLoginTab';
import { useFeedback } from '@/lib/client/feedback';

type TicketInfo = PhoneTicketInfo;

type Phase = 'loading' | 'ready' | 'done' | 'expired' | 'unavailable';

const silent = { silent: true } as const;

/**
 * /PhonePage?ticket=… — the demo stand-in for scanning with WeChat. A phone confirms as its
 * signed-in account (signing in here first if needed) or continues as a new WeChat identity, which
 * makes the computer's login modal ask for a phone number and then the enterprise.
 */
export function PhoneScanPage({ ticket }: { ticket: string }) {
  const { message } = useFeedback();
  const [info, setInfo] = useState<TicketInfo | null>(null);
  const [phase, setPhase] = useState<Phase>(ticket ? 'loading' : 'expired');
  const [doneText, setDoneText] = useState('');
  const [mode, setMode] = useState<'choose' | 'password' | 'sms'>('choose');
  const [busy, setBusy] = useState(false);

  const apply = useCallback((t: TicketInfo) => {
    setInfo(t);
    if (t.status === 0) setPhase('expired');
    else if (t.status !== 1) {
      setDoneText('该二维码已扫描，请在电脑上继续操作');
      setPhase('done');
    } else setPhase('ready');
  }, []);

  const fail = useCallback((err: unknown) => {
    setPhase(
      err instanceof ApiClientError && err.code === ERRORS.NOT_IMPLEMENTED.code
        ? 'unavailable'
        : 'expired',
    );
  }, []);

  const fetchInfo = useCallback(
    () => call(getPhoneTicketInfo, { query: { ticket } }, silent),
    [ticket],
  );

  const load = () => fetchInfo().then(apply, fail);

  useEffect(() => {
    if (!ticket) return;
    let live = true;
    fetchInfo().then(
      (t) => live && apply(t),
      (err: unknown) => live && fail(err),
    );
    return () => {
      live = false;
    };
  }, [ticket, fetchInfo, apply, fail]);

  const act = async (
    contract: typeof confirmPhoneScan | typeof continuePhoneScanAsNew,
    okText: string,
  ) => {
    setBusy(true);
    try {
      const status = await call(contract, { body: { ticket } }, silent);
      if (status === 3) message.warning('该微信已被其他账号绑定');
      setDoneText(status === 0 ? '二维码已过期，请在电脑上刷新二维码' : okText);
      setPhase(status === 0 ? 'expired' : 'done');
    } catch (err) {
      message.error(err instanceof ApiClientError ? err.message : ERRORS.UNKNOWN.msg);
    } finally {
      setBusy(false);
    }
  };

  /** Signs in on the phone by `login`, then shows the confirm step (or says what went wrong). */
  const signInHere = async (login: () => Promise<unknown>) => {
    try {
      await login();
      message.success('登录成功');
      setMode('choose');
      await load();
    } catch (err) {
      if (err instanceof ApiClientError && err.code === ERRORS.USER_MOBILE_NOT_REGISTERED.code)
        message.warning('该手机号尚未注册，请选择「以新微信用户继续」');
      else message.error(err instanceof ApiClientError ? err.message : ERRORS.UNKNOWN.msg);
    }
  };

  let content: React.ReactNode;
  if (phase === 'loading') content = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else if (phase === 'unavailable')
    content = <StatusNotice status="info" title="当前环境使用真实微信扫码，请用微信扫一扫" />;
  else if (phase === 'expired')
    content = (
      <StatusNotice
        status="warning"
        title="二维码已过期"
        subTitle="请在电脑上刷新二维码后重新扫码"
      />
    );
  else if (phase === 'done')
    content = <StatusNotice status="success" title="扫码成功" subTitle={doneText} />;
  else if (info?.currentUser) {
    const me = info.currentUser;
    content = (
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <p style={{ margin: 0, textAlign: 'center' }}>
          当前账号：{me.nickname}（{me.mobile}）
        </p>
        <Button
          type="primary"
          block
          size="large"
          loading={busy}
          onClick={() =>
            act(
              confirmPhoneScan,
              info.scene === 'bind' ? '绑定成功，请在电脑上查看' : '已确认登录，请在电脑上继续',
            )
          }
        >
          {info.scene === 'bind' ? '确认绑定' : '确认登录'}
        </Button>
        <Button
          block
          onClick={async () => {
            await logout();
            await load();
          }}
        >
          切换账号
        </Button>
      </Space>
    );
  } else if (mode === 'password') {
    content = (
      <>
        <PasswordLoginTab
          agree
          inlineCaptcha
          onAgree={() => undefined}
          consent={null}
          onForgot={() => setMode('sms')}
          onSubmit={(v) =>
            signInHere(() =>
              call(
                passwordLogin,
                {
                  body: {
                    username: v.username.trim(),
                    password: v.password,
                    rememberMe: false,
                    captchaVerification: v.captchaVerification,
                  },
                },
                silent,
              ),
            )
          }
        />
        <Button type="link" block onClick={() => setMode('choose')}>
          返回
        </Button>
      </>
    );
  } else if (mode === 'sms') {
    content = (
      <>
        <SmsLoginTab
          agree
          onAgree={() => undefined}
          timerKey={0}
          submitText="登录"
          onSubmit={(v) => signInHere(() => call(smsLogin, { body: v }, silent))}
        />
        <Button type="link" block onClick={() => setMode('choose')}>
          返回
        </Button>
      </>
    );
  } else {
    content = (
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <p style={{ margin: 0, color: 'rgba(0,0,0,0.65)' }}>
          演示模式：这里代替手机微信扫码。已有账号请先登录再确认；也可以作为一个新的微信用户继续，电脑上将提示绑定手机号。
        </p>
        <Segmented
          block
          value={null as unknown as string}
          options={[
            { label: '已有账号：密码登录', value: 'password' },
            { label: '短信登录', value: 'sms' },
          ]}
          onChange={(v) => setMode(v as 'password' | 'sms')}
        />
        {info?.scene === 'login' ? (
          <Button
            block
            size="large"
            loading={busy}
            onClick={() => act(continuePhoneScanAsNew, '已扫码，请在电脑上绑定手机号完成登录')}
          >
            以新微信用户继续
          </Button>
        ) : null}
      </Space>
    );
  }

  return (
    <main style={{ maxWidth: 420, margin: '0 auto', padding: '24px 16px' }}>
      <h1 style={{ fontSize: 20, textAlign: 'center', margin: '0 0 16px' }}>
        {PRODUCT_NAME} · {info?.scene === 'bind' ? '绑定公众号' : '扫码登录'}
      </h1>
      <Card>{content}</Card>
    </main>
  );
}
