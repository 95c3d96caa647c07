import type { Metadata } from 'next';
import { StatusPage } from '@/components/layout/StatusPage';
import { PublicHeader } from '@/components/layout/PublicHeader';

export const metadata: Metadata = { title: '页面不存在', robots: { index: false } };

export default function NotFound() {
  // The header too (issue 28 item 7): the way home, to search or to sign in is on the page.
  return (
    <>
      <PublicHeader />
      <StatusPage
        code="404"
        title="抱歉，您访问的页面不存在"
        text="页面可能已被移除，或链接地址有误。"
      />
    </>
  );
}
