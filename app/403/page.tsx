import type { Metadata } from 'next';
import { StatusPage } from '@/components/layout/StatusPage';

export const metadata: Metadata = { title: '无权访问', robots: { index: false } };

export default function ForbiddenPage() {
  return (
    <StatusPage
      code="403"
      title="抱歉，您无权访问此页面"
      text="当前账号没有该页面的权限，请联系企业管理员开通。"
    />
  );
}
