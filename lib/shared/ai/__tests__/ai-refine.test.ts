import { addCondition, changeChip, refinementsFor, REFINE_MANY } from '@/lib/shared/ai/ai-refine';
import type { AdvancedCondition, AdvancedSearchCondition } from '@/lib/shared/search/advanced';

const region: AdvancedCondition = { field: 'region', op: 'in', values: ['440305'] };
const age: AdvancedCondition = { field: 'establishBand', op: 'in', values: ['5-10', 'gte10'] };
const tag: AdvancedCondition = { field: 'tag', op: 'in', values: ['专精特新'] };
const condition: AdvancedSearchCondition = {
  logic: 'and',
  groups: [{ logic: 'and', conditions: [region, age, tag] }],
};
const chips = [
  { key: '0-0', label: '地区：深圳市南山区', condition: region },
  { key: '0-1', label: '成立年限：5年以上', condition: age },
  { key: '0-2', label: '企业标签：专精特新', condition: tag },
  {
    key: 'keyword',
    label: '关键词：机器人',
    condition: { field: 'name', op: 'contains', value: '机器人' },
  },
] as const;

describe('follow-ups act on the reply conditions (issue 28 item 7)', () => {
  it('no results: each follow-up drops one condition and keeps all the others', () => {
    const r = refinementsFor({ total: 0, condition, keyword: '机器人', chips: [...chips] });
    expect(r.map((x) => x.label)).toEqual([
      '去掉「关键词：机器人」',
      '去掉「企业标签：专精特新」',
      '去掉「成立年限：5年以上」',
    ]);
    // Dropping the keyword keeps region, age and tag.
    expect(r[0]).toMatchObject({ kind: 'remove', keyword: null, condition });
    // Dropping the tag keeps region, age and the keyword.
    expect(r[1].keyword).toBe('机器人');
    expect(r[1].condition.groups[0].conditions).toEqual([region, age]);
    expect(r[2].condition.groups[0].conditions).toEqual([region, tag]);
  });

  it('no results with a single condition: nothing to drop (new requests are offered instead)', () => {
    expect(
      refinementsFor({
        total: 0,
        condition: { logic: 'and', groups: [] },
        keyword: 'x',
        chips: [chips[3]],
      }),
    ).toEqual([]);
  });

  it('results: narrowing adds a condition on a field not used yet, keeping the others', () => {
    const few = refinementsFor({ total: 50, condition, keyword: '机器人', chips: [...chips] });
    expect(few.map((x) => x.label)).toEqual(['只看有电话的企业', '只看存续、在业的企业']);
    expect(few[0].keyword).toBe('机器人');
    expect(few[0].condition.groups[0].conditions).toEqual([
      region,
      age,
      tag,
      { field: 'hasPhone', op: 'is' },
    ]);
    // Many results: age and tag are offered only when not used yet (here both are used).
    const many = refinementsFor({
      total: REFINE_MANY + 1,
      condition,
      keyword: null,
      chips: [...chips],
    });
    expect(many.map((x) => x.label)).toEqual(['只看有电话的企业', '只看存续、在业的企业']);
    const bare = refinementsFor({
      total: REFINE_MANY + 1,
      condition: { logic: 'and', groups: [{ logic: 'and', conditions: [region] }] },
      keyword: null,
      chips: [chips[0]],
    });
    expect(bare.map((x) => x.label)).toEqual([
      '只看有电话的企业',
      '只看存续、在业的企业',
      '再加上成立5年以上',
    ]);
  });

  it('adding to OR groups distributes over each group; a keyword-only search gets a group', () => {
    const or: AdvancedSearchCondition = {
      logic: 'or',
      groups: [
        { logic: 'and', conditions: [region] },
        { logic: 'and', conditions: [tag] },
      ],
    };
    const phone: AdvancedCondition = { field: 'hasPhone', op: 'is' };
    expect(addCondition(or, phone)).toEqual({
      logic: 'or',
      groups: [
        { logic: 'and', conditions: [region, phone] },
        { logic: 'and', conditions: [tag, phone] },
      ],
    });
    expect(addCondition({ logic: 'and', groups: [] }, phone)).toEqual({
      logic: 'and',
      groups: [{ logic: 'and', conditions: [phone] }],
    });
    // An AND of an OR group: the new condition is a group of its own.
    const orGroup: AdvancedSearchCondition = {
      logic: 'and',
      groups: [{ logic: 'or', conditions: [region, tag] }],
    };
    expect(addCondition(orGroup, phone)).toEqual({
      logic: 'and',
      groups: [
        { logic: 'or', conditions: [region, tag] },
        { logic: 'and', conditions: [phone] },
      ],
    });
  });

  it('changeChip removes only the first match and drops empty groups', () => {
    expect(changeChip(condition, age, null).groups[0].conditions).toEqual([region, tag]);
    expect(
      changeChip({ logic: 'and', groups: [{ logic: 'and', conditions: [age] }] }, age, null),
    ).toEqual({ logic: 'and', groups: [] });
  });
});
