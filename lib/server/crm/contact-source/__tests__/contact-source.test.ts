import { cleanContacts, type CompanyRef } from '../contact-source';
import { demoContactsFor } from '../demo-contact-source';
import { wywPercent, wywSuccessText } from '@/lib/shared/wyw/wyw.constants';
import { parseJobId } from '@/lib/server/crm/wyw/wyw-socket';

const company = (i: number, over: Partial<CompanyRef> = {}): CompanyRef => ({
  id: i,
  name: `示例${i}有限公司`,
  uncid: `91350200MA${String(i).padStart(7, '0')}X`,
  legalPerson: '王建国',
  website: i % 2 ? `www.shili${i}.com` : null,
  cityCode: i % 3 ? '350200' : '999900',
  address: null,
  ...over,
});

describe('demo contact source', () => {
  const many = Array.from({ length: 2000 }, (_, i) => company(i + 1));

  it('finds the same contacts for the same company every time', () => {
    for (const c of many.slice(0, 50)) expect(demoContactsFor(c)).toEqual(demoContactsFor(c));
  });

  it('differs between companies and finds nothing for some', () => {
    const results = many.map(demoContactsFor);
    const empty = results.filter((r) => r.length === 0).length / results.length;
    expect(empty).toBeGreaterThan(0.08);
    expect(empty).toBeLessThan(0.25);
    const firstValues = new Set(results.filter((r) => r.length).map((r) => r[0].value));
    expect(firstValues.size).toBeGreaterThan(results.length * 0.7);
  });

  it('returns only well-formed contacts (what a real provider must return)', () => {
    for (const c of many.slice(0, 500)) {
      const found = demoContactsFor(c);
      expect(cleanContacts(found)).toHaveLength(new Set(found.map((f) => f.value)).size);
      for (const f of found) {
        if (f.type === 'email' && c.website) expect(f.value).toMatch(/@shili\d+\.com$/);
        if (f.type === 'phone' && c.cityCode === '350200') expect(f.value).toMatch(/^0592-\d{7}$/);
      }
      const legal = found.find((f) => f.position === '法定代表人');
      if (found.length) expect(legal?.personName).toBe('王建国');
    }
  });
});

describe('cleanContacts', () => {
  it('normalises, drops malformed values and repeats', () => {
    expect(
      cleanContacts([
        { type: 'mobile', value: '+86 138-0013-8000', source: '官网' },
        { type: 'mobile', value: '13800138000', source: '招聘网站' },
        { type: 'mobile', value: '12345', source: '官网' },
        { type: 'phone', value: '0592-5123456', source: '' },
        { type: 'phone', value: '5123456', source: '官网' },
        { type: 'email', value: 'Sales@Example.COM', source: '官网' },
        { type: 'email', value: 'a@b', source: '官网' },
        { type: 'fax' as 'phone', value: '0592-5123457', source: '官网' },
      ]),
    ).toEqual([
      { type: 'mobile', value: '13800138000', personName: null, position: null, source: '官网' },
      {
        type: 'phone',
        value: '0592-5123456',
        personName: null,
        position: null,
        source: '全网采集',
      },
      {
        type: 'email',
        value: 'sales@example.com',
        personName: null,
        position: null,
        source: '官网',
      },
    ]);
  });
});

describe('batch export helpers', () => {
  it('reaches 100 only when finished', () => {
    expect(wywPercent(false, 50, 50)).toBe(99);
    expect(wywPercent(false, 25, 50)).toBe(50);
    expect(wywPercent(true, 25, 50)).toBe(100);
    expect(wywPercent(false, 0, 0)).toBe(0);
  });
  it('words the success message as the spec does', () => {
    expect(wywSuccessText(12, 34)).toBe('成功采集12家企业，挖到34个联系方式');
  });
  it('reads a job id sent as text or JSON', () => {
    expect(parseJobId('42')).toBe(42);
    expect(parseJobId(' {"jobId": 7} ')).toBe(7);
    expect(parseJobId('{"jobId":"x"}')).toBeNull();
    expect(parseJobId('-1')).toBeNull();
    expect(parseJobId('{bad')).toBeNull();
  });
});
