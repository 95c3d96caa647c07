import type { Metadata } from 'next';
import { OpportunityBoard } from '@/components/opportunity/OpportunityBoard';

export const metadata: Metadata = { title: '商机管理', robots: { index: false, follow: false } };

/** 商机管理 (/customerManagement/opportunity, issue 15): the sales pipeline as a kanban and a funnel. */
export default function OpportunityPage() {
  return (
    <div className="ent-page">
      <section className="ent-card">
        <OpportunityBoard />
      </section>
    </div>
  );
}
