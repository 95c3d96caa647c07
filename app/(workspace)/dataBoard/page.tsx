import { privatePageMetadata } from '@/components/workspace/CardPage';
import { DataBoard } from '@/components/data-board/DataBoard';

export const metadata = privatePageMetadata('数据看板');

/**
 * 数据看板 (/dataBoard, issue 29 item 2): lead → customer → opportunity → won, follow-ups over time,
 * by source, member, region and industry, and pipeline value per stage, all aggregated on the
 * server within the member's data scope. Charts load on demand, only on this page.
 */
export default function DataBoardPage() {
  return (
    <div className="ent-page">
      <section className="ent-card">
        <DataBoard />
      </section>
    </div>
  );
}
