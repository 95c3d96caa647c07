import type { Metadata } from 'next';
import { MemberCenter } from '@/components/vip/MemberCenter';

export const metadata: Metadata = { title: '会员中心', robots: { index: false, follow: false } };

export default function MemberCenterPage() {
  return (
    <div className="ent-page">
      <section className="ent-card">
        <h1 className="ent-page-title">会员中心</h1>
        <MemberCenter />
      </section>
    </div>
  );
}
