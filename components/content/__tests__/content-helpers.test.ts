import { flatParams, plainText, withParams } from '../ContentBits';
import { parseContentId } from '../content-id';
import { nestHeadings } from '../PolicyParts';
import {
  amountRange,
  money,
  pageableTotal,
  policyCompareFields,
  totalText,
  windowText,
} from '../content-format';
import { cacheablePageRequest } from '@/lib/server/edge/page-cache/page-cache-rules';
import type { PolicySummary } from '@/lib/shared/content/content.contract';

describe('content page addresses', () => {
  it('changes one parameter, sorts names and goes back to page 1 unless paging', () => {
    const params = { q: '专精特新', level: 'city', pageNo: '3' };
    expect(withParams('/policySearch', params, { kind: 'tax' })).toBe(
      '/policySearch?kind=tax&level=city&q=%E4%B8%93%E7%B2%BE%E7%89%B9%E6%96%B0',
    );
    expect(withParams('/policySearch', params, { level: null, q: null, pageNo: 4 })).toBe(
      '/policySearch?pageNo=4',
    );
    expect(withParams('/policySearch', { pageNo: '2' }, { pageNo: 1 })).toBe('/policySearch');
  });

  it('keeps the first value of repeated parameters and drops blank ones', () => {
    expect(flatParams({ a: ['1', '2'], b: '  ', c: ' x ', d: undefined })).toEqual({
      a: '1',
      c: 'x',
    });
  });

  it('takes only positive whole ids (anything else is a 404)', () => {
    expect(parseContentId('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', '1.5', 'abc', '1e3', '9999999999999'])
      expect(parseContentId(bad)).toBeNull();
  });

  it('turns HTML into a short plain description', () => {
    expect(plainText('<p>一、<b>目的</b>&nbsp;&amp; 范围</p>\n<p>二</p>')).toBe(
      '一、 目的 & 范围 二',
    );
    expect(plainText('长'.repeat(200), 10)).toHaveLength(10);
  });
});

describe('amounts and windows', () => {
  it('shows fen as 元 or 万元 and a range once', () => {
    expect(money(null)).toBe('');
    expect(money(80_000)).toBe('800 元');
    expect(money(1_250_000_00)).toBe('125 万元');
    expect(amountRange({ amountMinFen: 10_000_000, amountMaxFen: 50_000_000 })).toBe(
      '10 万元 – 50 万元',
    );
    expect(amountRange({ amountMinFen: 5_000_000, amountMaxFen: 5_000_000 })).toBe('5 万元');
    expect(amountRange({ amountMinFen: null, amountMaxFen: null })).toBe('视评审结果而定');
    expect(windowText({ applyStart: null, applyEnd: '2026-12-31' })).toBe('即日起 至 2026-12-31');
    expect(windowText({ applyStart: null, applyEnd: null })).toBe('');
  });

  it('compares a policy on its facts', () => {
    const p = {
      issuer: '广东省工业和信息化厅',
      levelLabel: '省级',
      regionName: '广东省',
      kindLabel: '资金扶持',
      industryNames: ['制造业'],
      publishDate: '2026-03-01',
      applyStart: '2026-03-01',
      applyEnd: '2026-04-30',
      statusLabel: '已截止',
      subsidyCount: 2,
      maxAmountFen: 50_000_000,
    } as PolicySummary;
    const fields = Object.fromEntries(policyCompareFields(p).map((f) => [f.label, f.value]));
    expect(fields).toMatchObject({
      发文机关: '广东省工业和信息化厅',
      申报时间: '2026-03-01 至 2026-04-30',
      扶持项目: '2 项',
      最高扶持金额: '50 万元',
    });
  });
});

describe('search totals', () => {
  it('shows a counted total exactly and one beyond the count cap as an estimate', () => {
    expect(totalText(4_999, false)).toBe('4,999');
    expect(totalText(52_340, false)).toBe('52,340');
    expect(totalText(52_340, true)).toBe('约5.2万');
    expect(totalText(150_000, true)).toBe('约15万');
    expect(totalText(8_764, true)).toBe('约8,800');
  });

  it('pages through a counted total, and only through the cap beyond it', () => {
    expect(pageableTotal(52_340, false)).toBe(52_340);
    expect(pageableTotal(52_340, true)).toBe(3_000);
  });
});

describe('page cache of the knowledge pages', () => {
  const rule = (url: string, cookie?: string) =>
    cacheablePageRequest({
      method: 'GET',
      url,
      header: (name) => (name === 'cookie' ? cookie : undefined),
    });

  it('stores detail pages by id and lists without parameters, for everyone', () => {
    expect(rule('/policyDetail?id=12')).toMatchObject({
      key: '/policyDetail?id=12',
      policy: { kind: 'ttl' },
    });
    expect(rule('/zxyb/yjbg/reportDetail?id=3', 'lr_session=x')?.key).toBe(
      '/zxyb/yjbg/reportDetail?id=3',
    );
    expect(rule('/policySearch')?.key).toBe('/policySearch');
    expect(rule('/industryInsights/health/biomedicine')?.key).toBe(
      '/industryInsights/health/biomedicine',
    );
  });

  it('renders filtered lists, odd ids and extra parameters uncached', () => {
    for (const url of [
      '/policySearch?q=税收',
      '/policyDetail?id=abc',
      '/policyDetail?id=0',
      '/policyDetail?id=1&x=2',
      '/industryInsights/health/Bad_Slug',
      '/policy-analysis/policy-inquiry/policy-details/1',
    ])
      expect(rule(url)).toBeNull();
  });
});

describe('article headings', () => {
  it('nest below the section heading, keeping their order', () => {
    expect(nestHeadings('<h1>A</h1><p>x</p><h2 id="b">B</h2>')).toBe(
      '<h3>A</h3><p>x</p><h4 id="b">B</h4>',
    );
    expect(nestHeadings('<h4>A</h4>')).toBe('<h4>A</h4>');
    expect(nestHeadings('<p>hr <header>x</header></p>')).toBe('<p>hr <header>x</header></p>');
  });
});
