import { privatePageMetadata } from '@/components/workspace/CardPage';
import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { OpportunityBoard } from '@/components/opportunity/OpportunityBoard';
import { boardFromPipeline, boardQueryKey } from '@/components/opportunity/board';
import { readPipelineSeed } from '@/lib/server/edge';

export const metadata = privatePageMetadata('商机管理');

/**
 * 商机管理 (/customerManagement/opportunity, issue 15): the sales pipeline as a kanban and a funnel.
 * The board's first answer is read here, in process and as the signed-in member (the same route
 * and checks as the browser's call), and handed over in the board's query cache, so the columns
 * come with the page instead of a request after hydration. Without a usable session the board
 * asks itself, as before.
 */
export default async function OpportunityPage() {
  const pipeline = await readPipelineSeed();
  const board = <OpportunityBoard />;
  let content = board;
  if (pipeline) {
    // A client of this request only: the page reads the cookie, so it is rendered per request.
    const seeded = new QueryClient();
    seeded.setQueryData(boardQueryKey({}), boardFromPipeline(pipeline));
    content = <HydrationBoundary state={dehydrate(seeded)}>{board}</HydrationBoundary>;
  }
  return (
    <div className="ent-page">
      <section className="ent-card">{content}</section>
    </div>
  );
}
