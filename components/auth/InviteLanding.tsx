'use client';

import { useEffect, useState } from 'react';
import { Button, Card } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { ApiClientError, call } from '@/lib/client/request';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { openLoginModal, useSession } from '@/lib/client/session';
import { inviteLandingState } from './invite-landing';
import { getInvitationByCode } from '@/lib/shared/invitation/invitation.endpoints';
import type { InvitationInfo } from '@/lib/shared/invitation/invitation.contract';

/** The invitation card of /invite; the modal itself opens from the address (LoginController). */
export function InviteLanding({ code }: { code: string }) {
  const { status, reviewStatus } = useSession();
  const state = inviteLandingState(status, reviewStatus);
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

  if (error) return <StatusNotice status="warning" title={error} />;
  if (info && state === 'pending')
    return (
      <Card data-testid="invite-pending">
        <StatusNotice
          status="info"
          title="等待审核"
          subTitle={`您加入「${info.tenantName}」的申请已提交，正在等待企业管理员审核。`}
        >
          <ul style={{ textAlign: 'left', maxWidth: 440, margin: '0 auto', paddingLeft: 20 }}>
            <li>管理员会在「成员管理 › 加入申请」中看到您的申请。</li>
            <li>审核通过后，您会收到站内消息，再次登录即可进入企业工作台。</li>
            <li>
              如需尽快加入，可直接联系邀请您的同事
              {info.inviterName ? `（${info.inviterName}）` : ''}提醒管理员审核。
            </li>
          </ul>
        </StatusNotice>
      </Card>
    );
  if (info && state === 'rejected')
    return (
      <Card>
        <StatusNotice
          status="warning"
          title="加入申请未通过"
          subTitle={`您加入「${info.tenantName}」的申请未通过，可联系邀请您的同事确认后重新申请。`}
        />
      </Card>
    );
  return (
    <Card loading={!info}>
      {info ? (
        <StatusNotice
          status="info"
          title={`${info.inviterName || '好友'} 邀请您加入「${info.tenantName}」`}
          subTitle="登录或注册后即可加入企业，使用拓客雷达查找客户。"
          extra={
            state === 'signedIn' ? (
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
