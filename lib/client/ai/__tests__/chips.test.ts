import type { AdvancedSearchCondition } from '@/lib/shared/search/advanced';
import { changeChip, sameCondition, splitChips } from '../chips';
import { detailHref, totalText } from '../format';

const region = { field: 'region' as const, op: 'in' as const, values: ['440305'] };
const tag = { field: 'tag' as const, op: 'in' as const, values: ['zjtx'] };
const capital = { field: 'capitalRange' as const, op: 'between' as const, min: 1000 };
const condition: AdvancedSearchCondition = {
  logic: 'and',
  groups: [
    { logic: 'and', conditions: [region, capital] },
    { logic: 'and', conditions: [tag] },
  ],
};

it('removes the chip and drops the group it leaves empty', () => {
  const out = changeChip(condition, { ...tag, values: ['zjtx'] }, null);
  expect(out.groups).toEqual([{ logic: 'and', conditions: [region, capital] }]);
  expect(condition.groups).toHaveLength(2);
});

it('replaces the chip in place', () => {
  const next = { ...capital, min: 5000 };
  const out = changeChip(condition, capital, next);
  expect(out.groups[0].conditions).toEqual([region, next]);
});

it('leaves the conditions alone when no chip matches', () => {
  expect(changeChip(condition, { ...capital, min: 1 }, null)).toEqual(condition);
});

it('compares option values regardless of order', () => {
  expect(sameCondition({ ...region, values: ['1', '2'] }, { ...region, values: ['2', '1'] })).toBe(
    true,
  );
  expect(sameCondition(region, { ...region, op: 'notIn' })).toBe(false);
});

describe('reply formatting', () => {
  it('writes counts with separators and marks a capped count', () => {
    expect(totalText(1234, false)).toBe('1,234');
    expect(totalText(10000, true)).toBe('约1万');
  });
  it('links a reply to its full page', () => {
    expect(detailHref(3, 41)).toBe('/intelligenceSearchDetail?taskId=3&messageId=41');
  });
});

describe('the keyword chip', () => {
  const chips = [
    { key: '0-0-region-in', label: '地区：深圳市南山区' },
    { key: 'keyword', label: '关键词：新能源' },
  ];
  it('is split from the condition chips', () => {
    expect(splitChips(chips, '新能源')).toEqual({
      conditionChips: [chips[0]],
      keywordLabel: '关键词：新能源',
    });
  });
  it('is labelled from the keyword when the reply has no chip for it, and absent without one', () => {
    expect(splitChips([chips[0]], '储能').keywordLabel).toBe('关键词：储能');
    expect(splitChips([chips[0]], null).keywordLabel).toBeNull();
  });
});
