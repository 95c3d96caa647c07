import {
  findPartnerPage,
  parsePartnerSettings,
  partnerForRedirect,
  partnerOrigin,
} from '../partner-settings';

const entry = (over: Record<string, unknown> = {}) => ({
  id: 'tungee',
  name: '探迹',
  origin: 'https://partner.example.cn',
  signInPath: '/sso',
  secret: 's'.repeat(32),
  pages: [{ section: 'common', src: 'report', title: '报告', path: '/pages/report' }],
  ...over,
});

describe('parsePartnerSettings', () => {
  it('reads nothing from an empty setting', () => {
    expect(parsePartnerSettings(undefined)).toEqual({ partners: [], problems: [] });
    expect(parsePartnerSettings('  ')).toEqual({ partners: [], problems: [] });
  });

  it('reads a partner and its pages', () => {
    const { partners, problems } = parsePartnerSettings(JSON.stringify([entry()]));
    expect(problems).toEqual([]);
    expect(partners[0]).toMatchObject({ id: 'tungee', origin: 'https://partner.example.cn' });
    expect(findPartnerPage(partners, 'common', 'report')?.page.title).toBe('报告');
    expect(findPartnerPage(partners, 'common', 'nope')).toBeNull();
    expect(findPartnerPage(partners, 'industryAnalysis', 'report')).toBeNull();
  });

  it('names what is wrong and keeps the rest', () => {
    const { partners, problems } = parsePartnerSettings(
      JSON.stringify([
        entry({ id: 'short-secret', secret: 'x' }),
        entry({ id: 'plain', origin: 'http://partner.example.cn' }),
        entry({ id: 'pathy', origin: 'https://partner.example.cn/app' }),
        entry({ id: 'sneaky', signInPath: '//evil.example.com' }),
        entry({ id: 'ok' }),
        entry({ id: 'ok' }),
        entry({ id: 'late', origin: 'https://late.example.cn' }),
      ]),
    );
    expect(partners.map((p) => p.id)).toEqual(['ok', 'late']);
    // The later partner cannot take over a page address already given.
    expect(partners[1].pages).toEqual([]);
    expect(problems).toHaveLength(6);
    expect(problems.join('\n')).toMatch(/secret 至少 32 个字符/);
    expect(problems.join('\n')).toMatch(/已被占用/);
  });

  it('says when the setting is not a JSON list', () => {
    expect(parsePartnerSettings('{').problems).toEqual(['PARTNER_PLATFORMS 不是合法的 JSON']);
    expect(parsePartnerSettings('{}').problems).toEqual(['PARTNER_PLATFORMS 须是数组']);
  });
});

describe('partnerOrigin', () => {
  it.each([
    ['https://partner.example.cn', 'https://partner.example.cn'],
    ['https://partner.example.cn/', 'https://partner.example.cn'],
    ['https://partner.example.cn:8443', 'https://partner.example.cn:8443'],
    ['http://localhost:3213', 'http://localhost:3213'],
    ['http://127.0.0.1:3213', 'http://127.0.0.1:3213'],
    ['http://partner.example.cn', null],
    ['https://partner.example.cn/app', null],
    ['https://u:p@partner.example.cn', null],
    ['javascript:alert(1)', null],
    ['https://x.example; frame-src *', null],
  ])('%s → %s', (raw, origin) => {
    expect(partnerOrigin(raw)).toBe(origin);
  });
});

describe('partnerForRedirect', () => {
  const partners = [{ origin: 'https://partner.example.cn' }];
  it.each([
    'https://partner.example.cn',
    'https://partner.example.cn/',
    'https://partner.example.cn?x=1',
    'https://partner.example.cn#x',
    'https://partner.example.cn/a/b?c=%2F%2Fevil.example.com',
  ])('takes %s', (raw) => {
    expect(partnerForRedirect(raw, partners)).toBe(partners[0]);
  });

  it.each([
    'https://partner.example.cn.evil.com/',
    'https://partner.example.cn@evil.com/',
    'https://partner.example.cn:443/',
    'https://partner.example.cn\\evil.com',
    '//partner.example.cn/',
    'https://Partner.example.cn/',
    'javascript://partner.example.cn/%0aalert(1)',
    ' https://partner.example.cn/',
  ])('refuses %s', (raw) => {
    expect(partnerForRedirect(raw, partners)).toBeNull();
  });
});
