/**
 * The kanban's columns as the page holds them: per stage its totals (server-side aggregation) and
 * the cards loaded so far. Moves are applied here first (optimistic) and the previous columns are
 * kept to roll back if the server refuses.
 */

import { getPipeline } from '@/lib/shared/opportunity/opportunity.endpoints';
import type {
  OpportunityFilter,
  OpportunityView,
  Pipeline,
  StageView,
} from '@/lib/shared/opportunity/opportunity.contract';

export type BoardCard = { id: number; stageId: number; amount: number | null };

export type BoardColumn<C extends BoardCard> = {
  stageId: number;
  /** All opportunities of the stage (not only the loaded cards). */
  count: number;
  /** Sum of their amounts, fen. */
  amount: number;
  cards: C[];
};

/** Which column holds card `id`, or null. */
export function columnOf<C extends BoardCard>(
  columns: readonly BoardColumn<C>[],
  id: number,
): BoardColumn<C> | null {
  return columns.find((c) => c.cards.some((k) => k.id === id)) ?? null;
}

/**
 * Card `id` moved to stage `toStageId`: off its column (count and amount down), onto the top of
 * the target (count and amount up). Unchanged columns keep their identity; a move to the same
 * stage or of an unknown card returns the same array.
 */
export function moveCard<C extends BoardCard>(
  columns: readonly BoardColumn<C>[],
  id: number,
  toStageId: number,
  patch: Partial<C> = {},
): readonly BoardColumn<C>[] {
  const from = columnOf(columns, id);
  if (!from || from.stageId === toStageId) return columns;
  if (!columns.some((c) => c.stageId === toStageId)) return columns;
  const card = from.cards.find((k) => k.id === id) as C;
  const amount = card.amount ?? 0;
  const moved = { ...card, ...patch, stageId: toStageId } as C;
  return columns.map((c) => {
    if (c.stageId === from.stageId)
      return {
        ...c,
        count: c.count - 1,
        amount: c.amount - amount,
        cards: c.cards.filter((k) => k.id !== id),
      };
    if (c.stageId === toStageId)
      return { ...c, count: c.count + 1, amount: c.amount + amount, cards: [moved, ...c.cards] };
    return c;
  });
}

/** More cards of one stage appended (加载更多); cards already shown are not repeated. */
export function appendCards<C extends BoardCard>(
  columns: readonly BoardColumn<C>[],
  stageId: number,
  more: readonly C[],
): readonly BoardColumn<C>[] {
  return columns.map((c) => {
    if (c.stageId !== stageId) return c;
    const seen = new Set(c.cards.map((k) => k.id));
    return { ...c, cards: [...c.cards, ...more.filter((k) => !seen.has(k.id))] };
  });
}

/** A column has more opportunities than cards loaded. */
export function hasMore<C extends BoardCard>(column: BoardColumn<C>): boolean {
  return column.cards.length < column.count;
}

/** What the page holds for one filter: the stages in order and their columns. */
export type Board = { stages: StageView[]; columns: BoardColumn<OpportunityView>[] };

/**
 * The board's query key for a filter (under the pipeline contract's key, so invalidating that
 * refreshes every filter). The page's server render seeds the key of the empty filter.
 */
export function boardQueryKey(filter: OpportunityFilter): readonly unknown[] {
  return [getPipeline.path, filter];
}

/** The pipeline answer as the board holds it. */
export function boardFromPipeline(p: Pipeline): Board {
  return {
    stages: p.columns.map((c) => c.stage),
    columns: p.columns.map((c) => ({
      stageId: c.stage.id,
      count: c.count,
      amount: c.amount,
      cards: c.cards,
    })),
  };
}
