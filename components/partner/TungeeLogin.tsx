'use client';

import { useEffect } from 'react';
import { Button, Card, Spin } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { goToLogin, useSession } from '@/lib/client/session';
import { PARTNER_UNKNOWN_MESSAGE } from '@/lib/shared/partner/partner.contract';

/** /tanji/auth for this address: the way back to the partner with a fresh code. */
export function partnerReturnPath(redirectUrl: string): string {
  return `/tanji/auth?${new URLSearchParams({ redirectUrl }).toString()}`;
}

/** The card of /tungee-login: refusal, sign-in prompt, or on the way back to the partner. */
export function TungeeLogin({
  partnerName,
  redirectUrl,
  failed,
}: {
  partnerName: string | null;
  redirectUrl: string;
  failed: boolean;
}) {
  const { status } = useSession();
  const goBack = partnerName !== null && !failed && status === 'signed-in';

  useEffect(() => {
    if (goBack) window.location.replace(partnerReturnPath(redirectUrl));
  }, [goBack, redirectUrl]);

  if (partnerName === null)
    return (
      <StatusNotice
        status="error"
        title={PARTNER_UNKNOWN_MESSAGE}
        subTitle="请从合作平台重新进入，或直接访问拓客雷达。"
        extra={
          <Button type="primary" href="/">
            返回首页
          </Button>
        }
      />
    );
  if (failed)
    return (
      <StatusNotice
        status="warning"
        title={`暂时无法登录${partnerName}`}
        subTitle="您的账号未加入企业，或登录已失效，请重新登录后再试。"
        extra={
          <Button type="primary" onClick={goToLogin}>
            重新登录
          </Button>
        }
      />
    );
  return (
    <Card data-testid="tungee-login">
      <StatusNotice
        status="info"
        title={`使用拓客雷达账号登录${partnerName}`}
        subTitle={
          goBack
            ? `已登录，正在返回${partnerName}…`
            : `登录后将返回${partnerName}，${partnerName}只会获得您的昵称、企业和版本。`
        }
        extra={
          goBack || status === 'loading' ? (
            <Spin />
          ) : (
            <Button type="primary" size="large" onClick={goToLogin}>
              登录并返回
            </Button>
          )
        }
      />
    </Card>
  );
}
