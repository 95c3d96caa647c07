'use client';

import { StatusPage } from '@/components/layout/StatusPage';

/** Route-level error page: a failing page (e.g. the database is down) shows this, not a blank screen. */
export default function RouteError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const dbDown = /数据库|ECONNREFUSED|Connection terminated|connect/.test(error.message);
  return (
    <StatusPage
      code={dbDown ? '503' : '500'}
      title={dbDown ? '数据服务暂时不可用' : '页面加载出错'}
      text={
        dbDown
          ? '数据库连接异常，系统正在自动重连，请稍后刷新页面。'
          : `请稍后重试。${error.digest ? `错误编号 ${error.digest}` : ''}`
      }
      action={
        <button type="button" onClick={reset} style={{ padding: '6px 16px', cursor: 'pointer' }}>
          重新加载
        </button>
      }
    />
  );
}
