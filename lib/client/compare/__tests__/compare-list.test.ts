import {
  COMPARE_MAX,
  addEntry,
  compareRows,
  entryKey,
  hasEntry,
  parseCompareList,
  removeEntry,
  toggleShown,
  type CompareEntry,
} from '../compare-list';

function policy(id: string, fields: [string, string][] = []): CompareEntry {
  return {
    kind: 'policy',
    id,
    showYDB: true,
    title: `政策${id}`,
    href: `/policyDetail?id=${id}`,
    fields: fields.map(([label, value]) => ({ label, value })),
  };
}

function indicator(no: string): CompareEntry {
  return {
    kind: 'indicator',
    indicatorsNo: no,
    showYDB: true,
    title: `指标${no}`,
    href: '/zxyb/yjbg/reportDetail?id=1',
    fields: [{ label: '2024', value: '12' }],
  };
}

describe('the comparison list (showYDBList)', () => {
  it('keys policies by id and indicators by indicatorsNo', () => {
    expect(entryKey(policy('7'))).toBe('policy:7');
    expect(entryKey(indicator('3-1'))).toBe('indicator:3-1');
    expect(entryKey(policy('7'))).not.toBe(entryKey(indicator('7')));
  });

  it('adds at the end, replaces an entry added again and drops the oldest beyond the cap', () => {
    let list: CompareEntry[] = [];
    for (let i = 1; i <= COMPARE_MAX + 2; i++) list = addEntry(list, policy(String(i)));
    expect(list).toHaveLength(COMPARE_MAX);
    expect(list[0].id).toBe('3');
    list = addEntry(list, { ...policy('4'), title: '新标题' });
    expect(list).toHaveLength(COMPARE_MAX);
    expect(list[list.length - 1]).toMatchObject({ id: '4', title: '新标题' });
    expect(list.filter((e) => e.id === '4')).toHaveLength(1);
  });

  it('removes, hides and shows entries by key', () => {
    let list = [policy('1'), indicator('9-2')];
    list = toggleShown(list, 'policy:1');
    expect(list[0].showYDB).toBe(false);
    expect(addEntry(list, policy('1')).find((e) => e.id === '1')?.showYDB).toBe(true);
    list = removeEntry(list, 'indicator:9-2');
    expect(hasEntry(list, 'indicator:9-2')).toBe(false);
    expect(hasEntry(list, 'policy:1')).toBe(true);
  });

  it('lines up the shown entries field by field, with a dash where one has no value', () => {
    const a = policy('1', [
      ['层级', '省级'],
      ['地区', '广东省'],
    ]);
    const b = policy('2', [
      ['地区', '浙江省'],
      ['类别', '税收优惠'],
    ]);
    const hidden = { ...policy('3', [['隐藏字段', 'x']]), showYDB: false };
    expect(compareRows([a, b, hidden])).toEqual([
      { label: '层级', values: ['省级', '—'] },
      { label: '地区', values: ['广东省', '浙江省'] },
      { label: '类别', values: ['—', '税收优惠'] },
    ]);
  });

  it('reads stored text leniently: bad JSON, foreign shapes, duplicates and unsafe links', () => {
    expect(parseCompareList(null)).toEqual([]);
    expect(parseCompareList('{oops')).toEqual([]);
    expect(parseCompareList('{"id":1}')).toEqual([]);
    const list = parseCompareList(
      JSON.stringify([
        { id: 5, showYDB: false, title: 'A', href: '//evil.example/x' },
        { id: '5', title: 'again' },
        { indicatorsNo: '2-1', fields: [{ label: '2023', value: '1' }, { label: 3 }] },
        { kind: 'policy' },
        'text',
      ]),
    );
    expect(list).toEqual([
      { kind: 'policy', id: '5', showYDB: false, title: 'A', href: '', fields: [] },
      {
        kind: 'indicator',
        indicatorsNo: '2-1',
        showYDB: true,
        title: '2-1',
        href: '',
        fields: [{ label: '2023', value: '1' }],
      },
    ]);
  });
});
