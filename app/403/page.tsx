import type { Metadata } from 'next';
import { StatusPage } from '@/components/layout/StatusPage';
import { PublicHeader } from '@/components/layout/PublicHeader';

export const metadata: Metadata = { title: '无权访问', robots: { index: false } };

export default function ForbiddenPage() {
  // The header too (issue 28 item 7): the way home, to search or to sign in is on the page.
  return (
    <>
      <PublicHeader />
      <StatusPage
        code="403"
        title="抱歉，您无权访问此页面"
        text="当前账号没有该页面的权限，请联系企业管理员开通。"
      />
    </>
  );
}
