import { privatePageMetadata } from '@/components/workspace/CardPage';
import { ClueList } from '@/components/clue/ClueList';

export const metadata = privatePageMetadata('线索管理');

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
