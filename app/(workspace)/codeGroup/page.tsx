import type { Metadata } from 'next';
import { CodeGroupManager } from '@/components/code-group/CodeGroupManager';

export const metadata: Metadata = { title: '代码组', robots: { index: false, follow: false } };

/** 代码组 (spec 2.2 /codeGroup, ADR 0180): the tenant's dictionaries behind the CRM forms. */
export default function CodeGroupPage() {
  return (
    <div className="ent-page">
      <section className="ent-card">
        <h1 className="ent-page-title">代码组</h1>
        <CodeGroupManager />
      </section>
    </div>
  );
}
