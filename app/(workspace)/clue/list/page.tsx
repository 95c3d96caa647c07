import type { Metadata } from 'next';
import { ClueList } from '@/components/clue/ClueList';

export const metadata: Metadata = { title: '线索管理', robots: { index: false, follow: false } };

/** 线索管理 (spec 2.2 /clue/list, issue 14): the enterprise's leads, follow-ups and recycle bin. */
export default function ClueListPage() {
  return (
    <div className="ent-page">
      <section className="ent-card">
        <ClueList />
      </section>
    </div>
  );
}
