import { hasSearchable, sanitizeCondition, searchConditionOf } from '../ai-search';
import { isEmojiOnly, normaliseQuery, searchReplyText } from '../ai-reply';
import { parseToolArguments } from '../llm/understand-model';
import { LlmFailure } from '../llm/llm-client';
import { queriesForKeyword } from '../ai-recommend';

const region = (code: string) => ({ field: 'region', op: 'in', values: [code] });

describe('sanitizeCondition', () => {
  it('keeps valid conditions and names what it drops', () => {
    const { condition, dropped } = sanitizeCondition({
      logic: 'and',
      groups: [
        {
          logic: 'and',
          conditions: [
            region('440305'),
            region('999999'),
            { field: 'tag', op: 'in', values: ['不存在的标签'] },
            { field: 'password', op: 'in', values: ['x'] },
            { field: 'capitalRange', op: 'between', min: 1000 },
          ],
        },
        { logic: 'or', conditions: [] },
      ],
    });
    expect(condition).toEqual({
      logic: 'and',
      groups: [
        {
          logic: 'and',
          conditions: [region('440305'), { field: 'capitalRange', op: 'between', min: 1000 }],
        },
      ],
    });
    expect(dropped).toHaveLength(3);
    expect(dropped[0]).toBe('未知的编码：999999');
  });

  it('never throws on junk', () => {
    for (const junk of [
      null,
      1,
      'x',
      [],
      { groups: 'x' },
      { groups: [null, 1, { conditions: 5 }] },
    ])
      expect(sanitizeCondition(junk).condition).toEqual({ logic: 'and', groups: [] });
  });

  it('keeps at most five groups', () => {
    const groups = Array.from({ length: 7 }, () => ({
      logic: 'and',
      conditions: [region('440300')],
    }));
    const { condition, dropped } = sanitizeCondition({ logic: 'or', groups });
    expect(condition.groups).toHaveLength(5);
    expect(dropped).toEqual(['最多 5 个条件组', '最多 5 个条件组']);
  });
});

describe('searchConditionOf', () => {
  const base = { logic: 'and' as const, groups: [{ logic: 'and' as const, conditions: [] }] };

  it('adds the keyword as name or business scope', () => {
    const c = searchConditionOf({ logic: 'and', groups: [] }, '新能源');
    expect(c.groups).toEqual([
      {
        logic: 'or',
        conditions: [
          { field: 'name', op: 'contains', value: '新能源' },
          { field: 'businessScope', op: 'contains', value: '新能源' },
        ],
      },
    ]);
  });

  it('a one-character keyword searches the name only', () => {
    const c = searchConditionOf({ logic: 'and', groups: [] }, '茶');
    expect(c.groups[0].conditions).toEqual([{ field: 'name', op: 'contains', value: '茶' }]);
  });

  it('with OR between groups the keyword joins each AND group', () => {
    const c = searchConditionOf(
      {
        logic: 'or',
        groups: [
          { logic: 'and', conditions: [{ field: 'region', op: 'in', values: ['440300'] }] },
          { logic: 'and', conditions: [{ field: 'region', op: 'in', values: ['310000'] }] },
        ],
      },
      '物流',
    );
    expect(c.logic).toBe('or');
    expect(c.groups.map((g) => g.conditions.at(-1))).toEqual([
      { field: 'name', op: 'contains', value: '物流' },
      { field: 'name', op: 'contains', value: '物流' },
    ]);
  });

  it('without a keyword the condition is unchanged', () => {
    expect(searchConditionOf(base, null)).toBe(base);
    expect(searchConditionOf(base, '  ')).toBe(base);
    expect(hasSearchable({ logic: 'and', groups: [] }, '  ')).toBe(false);
  });
});

describe('reply texts', () => {
  it('cuts long requests at 2,000 characters (code points)', () => {
    const { query, cut } = normaliseQuery(`  ${'😀'.repeat(2100)}  `);
    expect(Array.from(query)).toHaveLength(2000);
    expect(cut).toBe(true);
    expect(normaliseQuery(undefined)).toEqual({ query: '', cut: false });
  });

  it('tells emoji-only input apart', () => {
    expect(isEmojiOnly('😀👍 🎉！')).toBe(true);
    expect(isEmojiOnly('深圳😀')).toBe(false);
    expect(isEmojiOnly('')).toBe(false);
  });

  it('says what was searched and what to do when nothing matched', () => {
    const text = searchReplyText({
      chipLabels: ['地区：深圳市'],
      keyword: '新能源',
      total: 0,
      totalCapped: false,
      notes: ['已忽略：未知的编码：999999'],
      edited: true,
    });
    expect(text).toContain(
      '已按修改后的条件重新搜索，条件为 地区：深圳市；关键词：新能源，共找到 0 家',
    );
    expect(text).toContain('已忽略：未知的编码：999999。');
    expect(text).toContain('没有找到符合条件的企业');
  });
});

describe('tool arguments', () => {
  it('parse with the condition schema', () => {
    const r = parseToolArguments(
      JSON.stringify({
        condition: { groups: [{ conditions: [region('440305')] }] },
        keyword: '机器人',
        injected: 'ignored',
      }),
    );
    expect(r).toEqual({
      condition: { logic: 'and', groups: [{ logic: 'and', conditions: [region('440305')] }] },
      keyword: '机器人',
    });
  });

  it.each([
    ['not JSON', '{"condition":'],
    ['no condition', '{}'],
    [
      'unknown field',
      JSON.stringify({ condition: { groups: [{ conditions: [{ field: 'sql', op: 'in' }] }] } }),
    ],
    [
      'unknown code',
      JSON.stringify({ condition: { groups: [{ conditions: [region('123456')] }] } }),
    ],
    [
      'option outside the list',
      JSON.stringify({
        condition: {
          groups: [{ conditions: [{ field: 'capitalBand', op: 'in', values: ['huge'] }] }],
        },
      }),
    ],
  ])('refuses %s', (_name, text) => {
    expect(() => parseToolArguments(text)).toThrow(LlmFailure);
    try {
      parseToolArguments(text);
    } catch (err) {
      expect((err as LlmFailure).reason).toBe('invalid');
    }
  });
});

describe('keyword completions', () => {
  it('build requests around the keyword, without markup', () => {
    const q = queriesForKeyword('<script>医疗</script>');
    expect(q.length).toBeGreaterThan(3);
    expect(q.every((x) => x.query.includes('医疗') && !/[<>]|script/.test(x.query))).toBe(true);
  });
});
