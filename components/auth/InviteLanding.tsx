'use client';

import { useEffect, useState } from 'react';
import { Button, Card, Result } from 'antd';
import { ApiClientError, call } from '@/lib/client/request';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { openLoginModal, useSession } from '@/lib/client/session';
import {
  getInvitationByCode,
  type InvitationInfo,
} from '@/lib/shared/invitation/invitation.contract';

/** The invitation card of /invite; the modal itself opens from the address (LoginController). */
export function InviteLanding({ code }: { code: string }) {
  const { status } = useSession();
  const [info, setInfo] = useState<InvitationInfo | null>(null);
  const [error, setError] = useState<string | null>(code ? null : '邀请链接无效');

  useEffect(() => {
    if (!code) return;
    call(getInvitationByCode, { query: { code } }, { silent: true })
      .then(setInfo)
      .catch((err: unknown) =>
        setError(
          err instanceof ApiClientError && err.code === ERRORS.INVITATION_EXPIRED.code
            ? '邀请码已过期'
            : err instanceof ApiClientError
              ? err.message
              : ERRORS.UNKNOWN.msg,
        ),
      );
  }, [code]);

  if (error) return <Result status="warning" title={error} />;
  return (
    <Card loading={!info}>
      {info ? (
        <Result
          status="info"
          title={`${info.inviterName || '好友'} 邀请您加入「${info.tenantName}」`}
          subTitle="登录或注册后即可加入企业，使用拓客雷达查找客户。"
          extra={
            status === 'signed-in' ? (
              <Button type="primary" href="/">
                进入首页
              </Button>
            ) : (
              <Button type="primary" onClick={() => openLoginModal()}>
                登录/注册
              </Button>
            )
          }
        />
      ) : null}
    </Card>
  );
}
