import { callApi } from '@/test/helpers/api';

/** get-search-condition (spec 7.3) answers from the request parser too, keeping its six lists. */
const URL = '/shuzhituoke/intelligent-search/get-search-condition';

type Option = { key: string; label: string };
type Answer = {
  statuses: Option[];
  orgTypes: Option[];
  staffSizes: Option[];
  tags: Option[];
  capitalBands: Option[];
  establishBands: Option[];
  understood?: {
    recognized: boolean;
    condition: { logic: string; groups: { conditions: Record<string, unknown>[] }[] };
    keyword?: string;
    notes: string[];
    chips: { key: string; label: string; condition: Record<string, unknown> }[];
  };
};

const ask = (keyword: string) =>
  callApi<Answer>('GET', `${URL}?keyword=${encodeURIComponent(keyword)}`);

describe('get-search-condition', () => {
  it('answers a request with the understood condition and its chips', async () => {
    const res = await ask('深圳南山区注册资本1000万以上、成立5年以上的专精特新企业');
    expect(res.code).toBe(200);
    const u = res.data.understood!;
    expect(u.recognized).toBe(true);
    expect(u.condition.groups[0].conditions).toEqual([
      { field: 'region', op: 'in', values: ['440305'] },
      { field: 'capitalRange', op: 'between', min: 1000 },
      { field: 'establishBand', op: 'in', values: ['5-10', 'gte10'] },
      { field: 'tag', op: 'in', values: ['专精特新'] },
    ]);
    expect(u.chips.map((c) => c.label)).toEqual([
      '地区：深圳市南山区',
      '注册资本：1000万以上',
      '成立年限：5年以上',
      '企业标签：专精特新',
    ]);
    // The options the parser chose join the lists the UI already applies.
    expect(res.data.tags.map((t) => t.key)).toEqual(['专精特新']);
    expect(res.data.establishBands.map((b) => b.key)).toEqual(['5-10', 'gte10']);
    expect(res.data.capitalBands.map((b) => b.key)).toEqual(['1000-5000', 'gte5000']);
  });

  it('keeps matching option labels as before', async () => {
    const res = await ask('存续');
    expect(res.code).toBe(200);
    expect(res.data.statuses).toEqual([{ key: '存续', label: '存续' }]);
    expect(res.data.understood?.condition.groups[0].conditions).toEqual([
      { field: 'status', op: 'in', values: ['存续'] },
    ]);
  });

  it('answers every option without a keyword, and nothing understood', async () => {
    const res = await ask('');
    expect(res.code).toBe(200);
    expect(res.data.tags.length).toBeGreaterThan(5);
    expect(res.data.understood).toBeUndefined();
  });

  it('answers nonsense with empty lists and recognized=false', async () => {
    const res = await ask('asdfgh');
    expect(res.code).toBe(200);
    expect(res.data.tags).toEqual([]);
    expect(res.data.understood?.recognized).toBe(false);
    expect(res.data.understood?.condition.groups).toEqual([]);
    expect(res.data.understood?.notes.length).toBeGreaterThan(0);
  });
});
