import type { Metadata } from 'next';
import { StatusPage } from '@/components/layout/StatusPage';

export const metadata: Metadata = { title: '服务器错误', robots: { index: false } };

export default function ServerErrorPage() {
  return (
    <StatusPage
      code="500"
      title="抱歉，服务器出错了"
      text="请稍后重试；如果问题持续存在，请联系客服。"
    />
  );
}
