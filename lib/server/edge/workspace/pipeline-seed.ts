import 'server-only';
import { apiAsCaller } from '@/lib/server/edge/workspace/ask-as-caller';
import { getPipeline, type Pipeline } from '@/lib/shared/opportunity/opportunity.contract';
import { PIPELINE_CARDS_DEFAULT } from '@/lib/shared/opportunity/opportunity.constants';

/**
 * The board's first answer (no filter, the first cards of each stage) for the member who asked
 * for 商机管理, through the same route the browser would call. The page is rendered per request
 * (it reads the cookie) and never stored by the page cache, so the answer reaches only its owner.
 */
export async function readPipelineSeed(): Promise<Pipeline | null> {
  const ask = await apiAsCaller().catch(() => null);
  return ask ? ask(getPipeline, { body: { cardLimit: PIPELINE_CARDS_DEFAULT } }) : null;
}
