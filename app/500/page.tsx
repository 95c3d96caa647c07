import type { Metadata } from 'next';
import { StatusPage } from '@/components/layout/StatusPage';
import { PublicHeader } from '@/components/layout/PublicHeader';

export const metadata: Metadata = { title: '服务器错误', robots: { index: false } };

export default function ServerErrorPage() {
  // The header too (issue 28 item 7): the way home, to search or to sign in is on the page.
  return (
    <>
      <PublicHeader />
      <StatusPage
        code="500"
        title="抱歉，服务器出错了"
        text="请稍后重试；如果问题持续存在，请联系客服。"
      />
    </>
  );
}
