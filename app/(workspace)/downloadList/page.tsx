import type { Metadata } from 'next';
import { DownloadCenter } from '@/components/jobs/DownloadCenter';
import '@/components/jobs/jobs.css';

export const metadata: Metadata = { title: '下载中心', robots: { index: false, follow: false } };

/** 下载中心 (spec 2.2 /downloadList): exports and import results of the signed-in member. */
export default function DownloadListPage() {
  return (
    <div className="ent-page">
      <section className="ent-card">
        <h1 className="ent-page-title">下载中心</h1>
        <DownloadCenter />
      </section>
    </div>
  );
}
