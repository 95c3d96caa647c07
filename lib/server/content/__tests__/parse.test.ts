import { ImportRejection, parseImportItem } from '../import/parse';

const opts = {
  renderMarkdown: (md: string) => `<p>${md}</p>`,
  storeAttachment: async () => {
    throw new ImportRejection('no files here');
  },
};

const policy = {
  type: 'policy',
  sourceId: 'x:1',
  title: '测试政策',
  issuer: '某市科技局',
  level: '市级',
  region: '440300',
  kind: '科技创新',
  industries: ['65'],
  publishDate: '2026-05-01',
  bodyHtml: '<p>正文内容</p>',
};

async function reason(raw: unknown): Promise<string> {
  try {
    await parseImportItem(raw, opts);
    return 'accepted';
  } catch (err) {
    if (err instanceof ImportRejection) return err.message;
    throw err;
  }
}

describe('parseImportItem', () => {
  it('maps labels to codes, fills the region chain and the division’s section', async () => {
    const r = await parseImportItem(policy, opts);
    expect(r.type).toBe('policy');
    if (r.type !== 'policy') return;
    expect(r.row).toMatchObject({
      level: 'city',
      kind: 'innovation',
      regionCode: '440300',
      provinceCode: '440000',
      cityCode: '440300',
      industries: ['65', 'I'],
      bodyText: '正文内容',
      summary: '正文内容',
    });
  });

  it('defaults a subsidy’s target profile to the policy’s region and sections', async () => {
    const r = await parseImportItem(
      { ...policy, subsidies: [{ name: '研发补贴', amountMaxFen: 100 }] },
      opts,
    );
    if (r.type !== 'policy') throw new Error('policy expected');
    expect(r.row.subsidies[0].sourceId).toBe('x:1#1');
    expect(r.row.subsidies[0].targetProfile.groups[0].conditions).toEqual(
      expect.arrayContaining([
        { field: 'region', op: 'in', values: ['440300'] },
        { field: 'industry', op: 'in', values: ['I'] },
      ]),
    );
  });

  it.each([
    [{ ...policy, level: '宇宙级' }, '层级“宇宙级”无效'],
    [{ ...policy, region: '999999' }, '地区代码“999999”无效'],
    [{ ...policy, industries: ['ZZ'] }, '行业代码“ZZ”无效'],
    [{ ...policy, publishDate: '2026/05/01' }, '日期应为 YYYY-MM-DD'],
    [{ ...policy, applyStart: '2026-06-01', applyEnd: '2026-05-01' }, '申报开始日期晚于截止日期'],
    [{ ...policy, bodyHtml: '<script>x()</script>' }, '正文为空'],
    [{ ...policy, sourceUrl: 'javascript:alert(1)' }, '原文链接不是有效的 http(s) 地址'],
    [{ ...policy, attachments: [{ name: 'a.pdf', path: 'a.pdf' }] }, 'no files here'],
    [{ ...policy, type: 'video' }, 'type'],
    [{ ...policy, title: '' }, '缺少标题'],
  ])('rejects %#', async (raw, expected) => {
    expect(await reason(raw)).toContain(expected);
  });

  it('renders Markdown bodies and sanitises them', async () => {
    const r = await parseImportItem(
      {
        type: 'news',
        sourceId: 'n:1',
        title: '资讯',
        source: '来源',
        category: '市场动态',
        publishDate: '2026-01-02',
        markdown: '内容<script>bad()</script>',
      },
      opts,
    );
    expect(r.row.bodyHtml).toBe('<p>内容</p>');
  });
});
