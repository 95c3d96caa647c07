import type { Metadata } from 'next';
import { DataManagement } from '@/components/code-group/DataManagement';

export const metadata: Metadata = { title: '数据管理', robots: { index: false, follow: false } };

/** 数据管理 (spec 2.2 /dataManagement, ADR 0180): export, bulk delete, recycle bin, retention. */
export default function DataManagementPage() {
  return (
    <div className="ent-page">
      <section className="ent-card">
        <h1 className="ent-page-title">数据管理</h1>
        <DataManagement />
      </section>
    </div>
  );
}
