import {
  estimateAmountWan,
  financeEventQuerySchema,
  financeImportRowSchema,
  institutionKind,
  roundRank,
} from '../finance';

describe('estimateAmountWan (sorting by amount)', () => {
  it.each([
    ['3000万人民币', 3000],
    ['1.5亿人民币', 15000],
    ['数百万人民币', 300],
    ['近千万人民币', 900],
    ['数千万人民币', 3000],
    ['近亿人民币', 9000],
    ['数亿人民币', 30000],
    ['数千万美元', 21000],
    ['500万美元', 3500],
  ])('%s → %d 万元', (text, wan) => {
    expect(estimateAmountWan(text)).toBe(wan);
  });

  it.each(['未披露', '', null, '金额保密', 'abc'])('%p is not an amount', (text) => {
    expect(estimateAmountWan(text)).toBeNull();
  });
});

describe('rounds and institutions', () => {
  it('orders rounds and puts unknown ones last', () => {
    expect(roundRank('天使轮')).toBeLessThan(roundRank('A轮'));
    expect(roundRank('A轮')).toBeLessThan(roundRank('IPO'));
    expect(roundRank('神秘轮')).toBe(99);
  });

  it('reads an institution’s kind from its name', () => {
    expect(institutionKind('红杉资本')).toBe('风险投资');
    expect(institutionKind('华泰股权投资基金')).toBe('私募股权');
    expect(institutionKind('深圳产业基金')).toBe('产业资本');
  });
});

describe('query and import schemas', () => {
  it('defaults paging and sort, and treats empty values as absent', () => {
    expect(financeEventQuerySchema.parse({ round: '', year: '' })).toEqual({
      pageNo: 1,
      pageSize: 20,
      sort: 'date_desc',
    });
  });

  it('reads an import row with investors as a list or as text', () => {
    const row = financeImportRowSchema.parse({
      uncid: '91350200MA2Y0L1X2K',
      round: 'A轮',
      date: '2024-03-01',
      investors: '红杉资本、 高瓴创投',
    });
    expect(row.investors).toEqual(['红杉资本', '高瓴创投']);
    expect(row.amount).toBe('未披露');
  });

  it('names the problem of a bad import row in Chinese', () => {
    const r = financeImportRowSchema.safeParse({ uncid: 'x', round: '', date: '2024/03/01' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        '统一社会信用代码无效（18 位）',
        '缺少融资轮次（round）',
        '融资日期格式应为 YYYY-MM-DD',
      ]),
    );
  });
});
