import ExcelJS from 'exceljs';
import { getPool } from '@/lib/server/platform/db';
import { ERRORS } from '@/lib/shared/api/error-codes';
import {
  industryAlbumGet,
  industryListExport,
  industryListIndex,
  industryListPage,
} from '@/lib/shared/industry/industry.contract';
import { ANONYMOUS_MAX_RESULTS } from '@/lib/shared/search/filters';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { readList } from '../list.repository';
import { ensureFresh, getListPage, pendingRefresh } from '../list.service';
import { importRosters, readRosterFile } from '../list-import';
import { contentSitemapFiles, contentSitemapXml } from '../../content-sitemap';

let admin: TestUser;

beforeAll(async () => {
  admin = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 2 });
});

const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

describe('list index and pages (public)', () => {
  it('lists every stored definition with its member count, computed on first read', async () => {
    const r = await callContract(industryListIndex);
    expect(r.code).toBe(200);
    const slugs = r.data.lists.map((l) => l.slug);
    expect(slugs).toEqual(
      expect.arrayContaining(['zjtx', 'gxjs', 'djs', 'ssgs', 'gd-capital-top100']),
    );
    for (const l of r.data.lists) expect(l.refreshedAt).not.toBeNull();
    const zjtx = r.data.lists.find((l) => l.slug === 'zjtx')!;
    expect(zjtx.definition).toBe('企业标签属于专精特新');
    const { rows } = await getPool().query<{ n: number }>(
      `select count(*)::int n from enterprises where tags && array['专精特新']`,
    );
    expect(zjtx.memberCount).toBe(rows[0].n);
    expect(zjtx.memberCount).toBeGreaterThan(0);
  });

  it('pages members in rank order with province and section filters and facets', async () => {
    const all = await callContract(industryListPage, { query: { slug: 'gxjs', pageSize: 50 } });
    expect(all.code).toBe(200);
    expect(all.data.rows.map((x) => x.rank)).toEqual(
      all.data.rows.map((_, i) => i + 1).slice(0, all.data.rows.length),
    );
    const provinceSum = all.data.facets.province.reduce((s, f) => s + f.count, 0);
    expect(provinceSum).toBe(all.data.total);
    const top = all.data.facets.province[0];
    const one = await callContract(industryListPage, {
      query: { slug: 'gxjs', province: top.key, pageSize: 50 },
    });
    expect(one.data.total).toBe(top.count);
    expect(one.data.rows.every((x) => x.regionName.startsWith(top.label))).toBe(true);
    // The province facet is counted without the province filter: every province stays offered.
    expect(one.data.facets.province).toEqual(all.data.facets.province);
    const section = one.data.facets.section[0];
    const both = await callContract(industryListPage, {
      query: { slug: 'gxjs', province: top.key, section: section.key },
    });
    expect(both.data.total).toBe(section.count);
  });

  it('keeps a top-N list to N companies of its province, by capital', async () => {
    const r = await callContract(industryListPage, {
      query: { slug: 'gd-capital-top100', pageSize: 50 },
    });
    expect(r.data.total).toBeLessThanOrEqual(100);
    expect(r.data.total).toBeGreaterThan(0);
    const capitals = r.data.rows.map((x) => x.regCapital ?? 0);
    expect(capitals).toEqual([...capitals].sort((a, b) => b - a));
    expect(r.data.facets.province.map((f) => f.key)).toEqual(['440000']);
  });

  it('pages no deeper than the free edition for visitors, with the notice', async () => {
    const deep = await callContract(industryListPage, {
      query: { slug: 'gxjs', pageNo: ANONYMOUS_MAX_RESULTS / 10 + 1, pageSize: 10 },
    });
    expect(deep.code).toBe(200);
    expect(deep.data.rows).toEqual([]);
    expect(deep.data.notice).toContain(`前 ${ANONYMOUS_MAX_RESULTS} 条`);
  });

  it('answers 404 for an unknown list and drops unknown filter values', async () => {
    const missing = await callContract(industryListPage, { query: { slug: 'no-such-list' } });
    expect(missing.code).toBe(ERRORS.NOT_FOUND.code);
    const bad = await callContract(industryListPage, {
      query: { slug: 'gxjs', province: 'x; drop', section: '中' },
    });
    expect(bad.code).toBe(200);
    const malformed = await callContract(industryListPage, { query: { slug: '../etc' } });
    expect(malformed.code).not.toBe(200);
  });

  it('puts every list page in the content sitemap', async () => {
    expect(await contentSitemapFiles()).toContain('/sitemaps/content-list-1.xml');
    const xml = await contentSitemapXml('content-list-1.xml', 'https://example.com');
    expect(xml).toContain('<loc>https://example.com/authoritativeList/zjtx</loc>');
    expect(xml).toContain('<loc>https://example.com/authoritativeList/gd-capital-top100</loc>');
  });

  it('shows a definition that matches nothing as an empty list', async () => {
    await getPool().query(
      `insert into industry_lists (slug, name, category, source, condition)
       values ('empty-test', '空榜单', '测试', 'condition',
       '{"logic":"and","groups":[{"logic":"and","conditions":[{"field":"name","op":"contains","value":"不存在的企业名称啊"}]}]}')`,
    );
    const r = await callContract(industryListPage, { query: { slug: 'empty-test' } });
    expect(r.code).toBe(200);
    expect(r.data.total).toBe(0);
    expect(r.data.rows).toEqual([]);
    expect(r.data.facets.province).toEqual([]);
  });
});

describe('refresh rule', () => {
  it('serves stale members and replaces them in the background after 24 hours', async () => {
    const pool = getPool();
    // Change the definition behind the list's back and age its members.
    await pool.query(
      `update industry_lists set top_n = 3, refreshed_at = now() - interval '25 hours'
       where slug = 'bj-capital-top100'`,
    );
    const before = await getListPage(
      {
        slug: 'bj-capital-top100',
        pageNo: 1,
        pageSize: 10,
        province: undefined,
        section: undefined,
      },
      { maxResults: 100 },
    );
    const def = (await readList(pool, 'bj-capital-top100'))!;
    expect(before!.total).toBeGreaterThan(3);
    await pendingRefresh(def.id);
    const after = await getListPage(
      {
        slug: 'bj-capital-top100',
        pageNo: 1,
        pageSize: 10,
        province: undefined,
        section: undefined,
      },
      { maxResults: 100 },
    );
    expect(after!.total).toBe(3);
    expect(after!.rows.map((r) => r.id)).toEqual(before!.rows.slice(0, 3).map((r) => r.id));
    // Fresh members are not recomputed.
    const fresh = (await readList(pool, 'bj-capital-top100'))!;
    await ensureFresh(fresh);
    expect(pendingRefresh(fresh.id)).toBeUndefined();
  });
});

describe('albums and export (members)', () => {
  it('gives an album its lists in order; unknown albums are 404; visitors are refused', async () => {
    const r = await callContract(
      industryAlbumGet,
      { query: { kind: 'authoritativeList', slug: 'kjcx' } },
      as(admin),
    );
    expect(r.code).toBe(200);
    expect(r.data.lists.map((l) => l.slug)).toEqual([
      'zjtx',
      'xjr',
      'gxjs',
      'kjxzx',
      'dlqy',
      'djs',
    ]);
    const other = await callContract(
      industryAlbumGet,
      { query: { kind: 'companyExpansion', slug: 'kjcx' } },
      as(admin),
    );
    expect(other.code).toBe(ERRORS.NOT_FOUND.code);
    const anon = await callContract(industryAlbumGet, {
      query: { kind: 'authoritativeList', slug: 'kjcx' },
    });
    expect(anon.code).toBe(ERRORS.UNAUTHORIZED.code);
  });

  it('exports the filtered members in rank order as .xlsx', async () => {
    const page = await callContract(industryListPage, { query: { slug: 'ssgs', pageSize: 50 } });
    const province = page.data.facets.province[0];
    const r = await callContract(
      industryListExport,
      { body: { slug: 'ssgs', province: province.key } },
      as(admin),
    );
    expect(r.status).toBe(200);
    expect(r.res.headers.get('x-export-rows')).toBe(String(province.count));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await r.res.arrayBuffer());
    expect(wb.worksheets[0].rowCount).toBeGreaterThanOrEqual(province.count + 1);
  });

  it('refuses an export of an empty or unknown list, and visitors', async () => {
    const empty = await callContract(
      industryListExport,
      { body: { slug: 'empty-test' } },
      as(admin),
    );
    expect(empty.code).not.toBe(200);
    expect(empty.msg).toContain('没有符合条件的企业');
    const unknown = await callContract(industryListExport, { body: { slug: 'nope' } }, as(admin));
    expect(unknown.code).toBe(ERRORS.NOT_FOUND.code);
    const anon = await callContract(industryListExport, { body: { slug: 'ssgs' } });
    expect(anon.code).toBe(ERRORS.UNAUTHORIZED.code);
  });
});

describe('roster import', () => {
  it('loads known credit codes, reports unknown and malformed ones', async () => {
    const { rows } = await getPool().query<{ uncid: string }>(
      'select uncid from enterprises order by id limit 5',
    );
    const known = rows.map((r) => r.uncid);
    // A well-formed code (valid check character) of no company in the data.
    const unknownCode = '91110000MA0000000H';
    const text = [
      JSON.stringify({
        slug: 'roster-test',
        name: '测试导入名单',
        category: '权威名单',
        uncids: [...known, known[0], unknownCode, 'NOT-A-CODE'],
        albums: [{ kind: 'authoritativeList', slug: 'kjcx', name: '科技创新榜单专辑' }],
      }),
    ].join('\n');
    const [report] = await importRosters(getPool(), readRosterFile(text));
    expect(report.loaded).toBe(5);
    expect(report.duplicates).toBe(1);
    expect(report.invalid).toEqual(['NOT-A-CODE']);
    expect(report.members).toBe(5);
    const page = await callContract(industryListPage, { query: { slug: 'roster-test' } });
    expect(page.data.total).toBe(5);
    expect(page.data.list.source).toBe('roster');
    expect(new Set(page.data.rows.map((r) => r.uncid))).toEqual(new Set(known));
    const album = await callContract(
      industryAlbumGet,
      { query: { kind: 'authoritativeList', slug: 'kjcx' } },
      as(admin),
    );
    expect(album.data.lists.at(-1)?.slug).toBe('roster-test');
    // Importing again replaces the roster.
    const [again] = await importRosters(
      getPool(),
      readRosterFile(known.slice(0, 2).join('\n'), { slug: 'roster-test', name: '测试导入名单' }),
    );
    expect(again.members).toBe(2);
  });

  it('reads a code-per-line file only with a slug and a name', () => {
    expect(() => readRosterFile('91110000MA0000000H\n')).toThrow('--slug');
    const [item] = readRosterFile('统一社会信用代码,企业名称\n91110000MA0000000H,某公司\n', {
      slug: 'x1',
      name: '某名单',
    });
    expect(item.uncids).toEqual(['91110000MA0000000H']);
  });
});
