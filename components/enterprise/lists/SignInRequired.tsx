'use client';

import { Button } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { goToLogin } from '@/lib/client/session';

/** Shown instead of a tenant list when there is no session (or it ended: 401). */
export function SignInRequired({ text }: { text: string }) {
  return (
    <StatusNotice
      status="403"
      title="请先登录"
      subTitle={text}
      extra={
        <Button type="primary" onClick={goToLogin}>
          登录/注册
        </Button>
      }
    />
  );
}
