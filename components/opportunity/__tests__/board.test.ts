import { hashKey } from '@tanstack/react-query';
import type {
  OpportunityView,
  Pipeline,
  StageView,
} from '@/lib/shared/opportunity/opportunity.contract';
import {
  appendCards,
  boardFromPipeline,
  boardQueryKey,
  columnOf,
  hasMore,
  moveCard,
  type BoardColumn,
} from '../board';
import { PIPELINE_KEY } from '../shared';

type Card = { id: number; stageId: number; amount: number | null; name: string };

function board(): BoardColumn<Card>[] {
  return [
    {
      stageId: 1,
      count: 3,
      amount: 600,
      cards: [
        { id: 10, stageId: 1, amount: 100, name: 'a' },
        { id: 11, stageId: 1, amount: null, name: 'b' },
      ],
    },
    { stageId: 2, count: 1, amount: 50, cards: [{ id: 20, stageId: 2, amount: 50, name: 'c' }] },
    { stageId: 3, count: 0, amount: 0, cards: [] },
  ];
}

describe('kanban columns', () => {
  it('moves a card with its amount and count to the top of the target stage', () => {
    const before = board();
    const after = moveCard(before, 10, 2);
    expect(after[0]).toMatchObject({ count: 2, amount: 500 });
    expect(after[0].cards.map((c) => c.id)).toEqual([11]);
    expect(after[1]).toMatchObject({ count: 2, amount: 150 });
    expect(after[1].cards.map((c) => [c.id, c.stageId])).toEqual([
      [10, 2],
      [20, 2],
    ]);
    // Untouched columns and the original board stay as they were (rollback keeps `before`).
    expect(after[2]).toBe(before[2]);
    expect(before[0].cards).toHaveLength(2);
    expect(columnOf(after, 10)?.stageId).toBe(2);
  });

  it('counts a card without an amount as 0 and applies a patch', () => {
    const after = moveCard(board(), 11, 3, { name: 'won' });
    expect(after[0]).toMatchObject({ count: 2, amount: 600 });
    expect(after[2]).toMatchObject({ count: 1, amount: 0 });
    expect(after[2].cards[0]).toMatchObject({ id: 11, stageId: 3, name: 'won' });
  });

  it('leaves the board alone for a same-stage drop, an unknown card or stage', () => {
    const b = board();
    expect(moveCard(b, 10, 1)).toBe(b);
    expect(moveCard(b, 99, 2)).toBe(b);
    expect(moveCard(b, 10, 42)).toBe(b);
  });

  it('appends more cards once and knows when a stage has more', () => {
    const b = board();
    expect(hasMore(b[0])).toBe(true);
    const more = appendCards(b, 1, [
      { id: 11, stageId: 1, amount: null, name: 'b' },
      { id: 12, stageId: 1, amount: 500, name: 'd' },
    ]);
    expect(more[0].cards.map((c) => c.id)).toEqual([10, 11, 12]);
    expect(hasMore(more[0])).toBe(false);
    expect(more[1]).toBe(b[1]);
  });
});

describe('the board of a pipeline answer', () => {
  const stage = (id: number, name: string, type: StageView['type']): StageView => ({
    id,
    name,
    type,
    probability: 10,
    sort: id,
  });
  const card = (id: number, stageId: number) =>
    ({ id, stageId, amount: 100, name: `c${id}` }) as OpportunityView;

  it('keeps the stages in order and each column with its totals and cards', () => {
    const p: Pipeline = {
      columns: [
        { stage: stage(7, '初步接洽', 'open'), count: 30, amount: 3000, cards: [card(1, 7)] },
        { stage: stage(9, '赢单', 'won'), count: 0, amount: 0, cards: [] },
      ],
      totalCount: 30,
      totalAmount: 3000,
    };
    const b = boardFromPipeline(p);
    expect(b.stages.map((s) => s.name)).toEqual(['初步接洽', '赢单']);
    expect(b.columns).toEqual([
      { stageId: 7, count: 30, amount: 3000, cards: [card(1, 7)] },
      { stageId: 9, count: 0, amount: 0, cards: [] },
    ]);
    expect(hasMore(b.columns[0])).toBe(true);
  });

  it("seeds the key the page's query reads, under the key that invalidation refreshes", () => {
    // The server render fills boardQueryKey({}); the page's first query must hash the same.
    expect(hashKey(boardQueryKey({}))).toBe(hashKey([...PIPELINE_KEY, {}]));
    expect(boardQueryKey({ keyword: 'x' }).slice(0, PIPELINE_KEY.length)).toEqual(PIPELINE_KEY);
    expect(hashKey(boardQueryKey({ keyword: 'x' }))).not.toBe(hashKey(boardQueryKey({})));
  });
});
