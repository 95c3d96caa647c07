import {
  advancedSearchConditionSchema,
  advancedSearchRequestSchema,
  conditionOfFilters,
  describeCondition,
  highlightKeyword,
  type AdvancedSearchCondition,
} from '../advanced';
import { ORG_TYPE_OPTIONS, STAFF_SIZE_OPTIONS, STATUS_OPTIONS, TAG_OPTIONS } from '../filters';

const cond = (groups: AdvancedSearchCondition['groups'], logic: 'and' | 'or' = 'and') => ({
  logic,
  groups,
});

describe('advanced search conditions', () => {
  it('accepts every kind of field with its own operators', () => {
    const ok = advancedSearchConditionSchema.safeParse(
      cond([
        {
          logic: 'or',
          conditions: [
            { field: 'name', op: 'contains', value: '科' },
            { field: 'legalPerson', op: 'notContains', value: '王伟' },
            { field: 'region', op: 'in', values: ['440000', '350200'] },
            { field: 'status', op: 'notIn', values: ['注销'] },
            { field: 'capitalRange', op: 'between', min: 100, max: 500 },
            { field: 'listed', op: 'isNot' },
          ],
        },
      ]),
    );
    expect(ok.success).toBe(true);
  });

  it('explains what is wrong, in Chinese', () => {
    const first = (c: unknown) => {
      const r = advancedSearchConditionSchema.safeParse(c);
      return r.success ? null : r.error.issues[0].message;
    };
    expect(
      first(
        cond([
          { logic: 'and', conditions: [{ field: 'shareholder', op: 'contains', value: '张' }] },
        ]),
      ),
    ).toBe('「股东」至少输入 2 个字符');
    expect(
      first(
        cond([{ logic: 'and', conditions: [{ field: 'name', op: 'contains', value: '😀 ' }] }]),
      ),
    ).toBe('请输入「企业名称」关键词');
    expect(
      first(
        cond([{ logic: 'and', conditions: [{ field: 'status', op: 'contains', value: '存续' }] }]),
      ),
    ).toBe('「登记状态」不支持该比较方式');
    expect(
      first(
        cond([{ logic: 'and', conditions: [{ field: 'status', op: 'in', values: ['营业中'] }] }]),
      ),
    ).toBe('「登记状态」选项不正确');
    expect(
      first(
        cond([
          { logic: 'and', conditions: [{ field: 'capitalRange', op: 'between', min: 9, max: 1 }] },
        ]),
      ),
    ).toBe('注册资本下限不能大于上限');
    expect(first({ groups: Array.from({ length: 6 }, () => ({ conditions: [] })) })).toBe(
      '最多 5 个条件组',
    );
  });

  it('pages within limits and describes itself for history and templates', () => {
    expect(advancedSearchRequestSchema.safeParse({ pageSize: 51 }).success).toBe(false);
    const c = cond(
      [
        {
          logic: 'and',
          conditions: [
            { field: 'name', op: 'contains', value: '科技' },
            { field: 'hasPhone', op: 'is' },
          ],
        },
        { logic: 'and', conditions: [{ field: 'region', op: 'in', values: ['440000'] }] },
      ],
      'or',
    );
    expect(describeCondition(c, (_f, k) => (k === '440000' ? '广东省' : k))).toBe(
      '（企业名称包含“科技” 且 有电话） 或 所属地区属于广东省',
    );
    expect(highlightKeyword(c)).toBe('科技');
    expect(describeCondition(cond([]))).toBe('全部企业');
  });

  it('turns the quick filters into conditions with the same meaning (park search)', () => {
    const c = conditionOfFilters({
      regions: ['440300', '440100'],
      industries: ['I'],
      tags: ['高新技术企业', '专精特新'],
      capitalMin: 100,
      hasPhone: true,
      listed: false,
    });
    expect(c.logic).toBe('and');
    expect(c.groups.flatMap((g) => g.conditions)).toEqual([
      { field: 'region', op: 'in', values: ['440300', '440100'] },
      { field: 'industry', op: 'in', values: ['I'] },
      { field: 'tag', op: 'in', values: ['高新技术企业'] },
      { field: 'tag', op: 'in', values: ['专精特新'] },
      { field: 'capitalRange', op: 'between', min: 100, max: undefined },
      { field: 'hasPhone', op: 'is' },
      { field: 'listed', op: 'isNot' },
    ]);
    expect(conditionOfFilters({})).toEqual({ logic: 'and', groups: [] });
    // More than one group's worth: split, every group AND-ed, and still valid.
    const many = conditionOfFilters({
      regions: ['440300'],
      industries: ['I'],
      statuses: [STATUS_OPTIONS[0].key],
      orgTypes: [ORG_TYPE_OPTIONS[0].key],
      staffSizes: [STAFF_SIZE_OPTIONS[0].key],
      tags: TAG_OPTIONS.map((t) => t.key),
    });
    expect(many.groups.map((g) => g.conditions.length)).toEqual([10, TAG_OPTIONS.length + 5 - 10]);
    expect(advancedSearchConditionSchema.safeParse(many).success).toBe(true);
  });
});
