import { validateRegNo, validateUncidStrict } from '../../../lib/shared/enterprise/uncid';
import { getRegion } from '../../../lib/shared/geo/regions';
import { COMPANY_SUFFIXES, shortEnterpriseName } from '../../../lib/shared/geo/company-name';
import { getIndustry, industryLevels } from '../../../lib/shared/industry/industries';
import { copyArray, copyJson, copyText } from '../copy';
import {
  EnterpriseGenerator,
  ORG_MULTIPLIER_DIGITS,
  ORG_MULTIPLIER_MA,
  REG_NO_MULTIPLIER,
  type GeneratedEnterprise,
} from '../enterprise-generator';
import { INDUSTRY_PROFILES } from '../industry-profiles';
import { mixSeed, Rng } from '../prng';

function generate(seed: number, n: number): GeneratedEnterprise[] {
  const g = new EnterpriseGenerator({ seed });
  return Array.from({ length: n }, () => g.next());
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

describe('PRNG', () => {
  it('repeats for a seed and spreads values over [0, 1)', () => {
    const a = new Rng(mixSeed(1, 2));
    const b = new Rng(mixSeed(1, 2));
    const xs = Array.from({ length: 1000 }, () => a.next());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b.next()));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});

describe('enterprise generator', () => {
  const corpus = generate(20260101, 20000);

  it('is deterministic: the same seed gives the same first rows', () => {
    expect(generate(20260101, 300)).toEqual(corpus.slice(0, 300));
    const other = generate(7, 50);
    expect(other.map((e) => e.name)).not.toEqual(corpus.slice(0, 50).map((e) => e.name));
  });

  it('never draws from Math.random', () => {
    const spy = jest.spyOn(Math, 'random');
    generate(1, 200);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('makes valid, unique credit codes and valid registration numbers', () => {
    expect(gcd(ORG_MULTIPLIER_MA, 31)).toBe(1);
    expect(gcd(ORG_MULTIPLIER_DIGITS, 10)).toBe(1);
    expect(gcd(REG_NO_MULTIPLIER, 10)).toBe(1);
    const seen = new Set<string>();
    for (const e of corpus) {
      expect(validateUncidStrict(e.uncid)).toBe(true);
      expect(seen.has(e.uncid)).toBe(false);
      seen.add(e.uncid);
      if (e.regNo) expect(validateRegNo(e.regNo)).toBe(true);
      // The credit code carries the registering authority's region.
      expect([e.provinceCode, e.cityCode, e.districtCode]).toContain(e.uncid.slice(2, 8));
    }
  });

  it('gives unique, plausible names', () => {
    const names = new Set(corpus.map((e) => e.name));
    expect(names.size).toBe(corpus.length);
    const shopWords = new Set(INDUSTRY_PROFILES.flatMap((p) => p.shops));
    for (const e of corpus) {
      expect(e.name).toMatch(/^[\u4e00-\u9fa5（）A-Z ]+$/);
      expect(e.name.length).toBeGreaterThanOrEqual(4);
      expect(e.name.length).toBeLessThanOrEqual(30);
      const endsWell =
        COMPANY_SUFFIXES.some((s) => e.name.endsWith(s)) ||
        /（(有限|普通)合伙）$/.test(e.name) ||
        [...shopWords].some((w) => e.name.endsWith(w));
      expect(endsWell).toBe(true);
      expect(e.name).toContain(e.brandWords[0]);
      expect(shortEnterpriseName(e.name)).toHaveLength(2);
    }
    const llc = corpus.filter((e) => e.orgType.startsWith('有限责任公司（自然人'));
    expect(llc.filter((e) => /有限(责任)?公司$/.test(e.name)).length).toBe(llc.length);
  });

  it('keeps regions consistent and coordinates near the district', () => {
    for (const e of corpus) {
      const province = getRegion(e.provinceCode)!;
      const city = getRegion(e.cityCode)!;
      expect(province.level).toBe(1);
      expect(city.parentCode).toBe(e.provinceCode);
      const place = e.districtCode ? getRegion(e.districtCode)! : city;
      if (e.districtCode) expect(place.parentCode).toBe(e.cityCode);
      expect(Math.hypot(e.lng - place.lng, e.lat - place.lat)).toBeLessThan(0.5);
      expect(e.address.startsWith(province.name)).toBe(true);
      expect(e.regAuthority).toMatch(/市场监督管理局$/);
    }
    // Mainland only, and more companies where the economy is bigger.
    const byProvince = new Map<string, number>();
    for (const e of corpus)
      byProvince.set(e.provinceCode, (byProvince.get(e.provinceCode) ?? 0) + 1);
    expect(byProvince.has('710000') || byProvince.has('810000') || byProvince.has('820000')).toBe(
      false,
    );
    expect(byProvince.get('440000')!).toBeGreaterThan(byProvince.get('620000')! * 5);
  });

  it('fills the four industry levels consistently with the table', () => {
    for (const e of corpus) {
      expect(getIndustry(e.industryClass)?.level).toBe(4);
      expect(industryLevels(e.industryClass)).toEqual({
        section: e.industrySection,
        division: e.industryDivision,
        group: e.industryGroup,
        class: e.industryClass,
      });
    }
    for (const p of INDUSTRY_PROFILES) expect(getIndustry(p.classCode)?.level).toBe(4);
  });

  it('has realistic distributions', () => {
    const share = (f: (e: GeneratedEnterprise) => boolean) =>
      corpus.filter(f).length / corpus.length;
    expect(share((e) => e.status === '存续' || e.status === '在业')).toBeGreaterThan(0.8);
    expect(share((e) => e.tags.includes('高新技术企业'))).toBeGreaterThan(0.005);
    expect(share((e) => e.tags.includes('高新技术企业'))).toBeLessThan(0.05);
    expect(share((e) => e.tags.includes('小巨人'))).toBeLessThan(
      share((e) => e.tags.includes('专精特新')),
    );
    expect(share((e) => e.listed)).toBeLessThan(0.005);
    expect(share((e) => e.regCapitalCurrency === '美元')).toBeGreaterThan(0.005);
    const contacts = corpus.reduce((s, e) => s + e.contacts.length, 0) / corpus.length;
    expect(contacts).toBeGreaterThan(2);
    expect(contacts).toBeLessThan(4);
    for (const e of corpus) {
      expect(e.establishDate >= '1990-01-01' && e.establishDate <= '2026-10-31').toBe(true);
      expect(e.approvalDate >= e.establishDate).toBe(true);
      expect(e.phoneCount).toBe(e.contacts.filter((c) => c.type !== 'email').length);
      expect(e.emailCount).toBe(e.contacts.filter((c) => c.type === 'email').length);
      expect(e.listed).toBe(e.tags.includes('上市'));
      expect(e.listed).toBe(e.listingInfo !== null);
    }
  });

  it('writes contacts in real formats', () => {
    for (const c of corpus.flatMap((e) => e.contacts)) {
      if (c.type === 'phone') expect(c.value).toMatch(/^0\d{2,3}-[2-8]\d{6,7}$/);
      if (c.type === 'mobile') expect(c.value).toMatch(/^1[3-9]\d{9}$/);
      if (c.type === 'email') expect(c.value).toMatch(/^[a-z0-9]+@[a-z0-9]+(\.[a-z]+)+$/);
    }
  });

  it('gives shareholders summing to 100% and investment edges to earlier companies', () => {
    const ids = new Map(corpus.map((e) => [e.id, e]));
    let edges = 0;
    for (const e of corpus) {
      if (e.shareholders.length) {
        const total = e.shareholders.reduce((s, h) => s + h.ratio, 0);
        expect(Math.abs(total - 100)).toBeLessThan(1e-6);
        for (const h of e.shareholders) expect(h.ratio).toBeGreaterThan(0);
      }
      for (const inv of e.investments) {
        edges++;
        expect(inv.investeeEnterpriseId).toBe(e.id);
        expect(inv.enterpriseId).toBeLessThan(e.id);
        expect(ids.get(inv.enterpriseId)?.name).toBe(
          e.shareholders.find((h) => h.holderEnterpriseId === inv.enterpriseId)?.holderName,
        );
      }
      if (e.orgType !== '个体工商户') expect(e.shareholders.length).toBeGreaterThan(0);
      expect(e.people.length).toBeGreaterThan(0);
      expect(e.people[0].name).toBe(e.legalPerson);
    }
    expect(edges).toBeGreaterThan(corpus.length * 0.1);
  });

  it('keeps stock codes unique and change records ordered', () => {
    const codes = corpus.filter((e) => e.listingInfo).map((e) => e.listingInfo!.stockCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const e of corpus) {
      const dates = e.changes.map((c) => c.changeDate);
      expect([...dates].sort()).toEqual(dates);
      for (const f of e.formerNames)
        expect(e.changes.some((c) => c.item === '名称变更' && c.before === f)).toBe(true);
    }
  });
});

describe('COPY encoders', () => {
  it('escapes text, arrays and JSON for the text format', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyText('a\tb\nc\\d')).toBe('a\\tb\\nc\\\\d');
    expect(copyArray([])).toBe('{}');
    expect(copyArray(['董事', '总经理'])).toBe('{"董事","总经理"}');
    expect(copyArray(['a"b'])).toBe('{"a\\\\"b"}');
    expect(copyJson({ a: '1' })).toBe('{"a":"1"}');
    expect(copyJson(null)).toBe('\\N');
  });
});
