import type { Metadata } from 'next';
import { InfoCenter } from '@/components/notify/InfoCenter';
import '@/components/notify/notify.css';

export const metadata: Metadata = { title: '消息中心', robots: { index: false, follow: false } };

export default function InfoCenterPage() {
  return (
    <div className="ent-page">
      <section className="ent-card">
        <h1 className="ent-page-title">消息中心</h1>
        <InfoCenter />
      </section>
    </div>
  );
}
