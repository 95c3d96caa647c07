import { getPool } from '@/lib/server/platform/db';
import { seedPlainCompanies } from '@/lib/server/enterprise/__tests__/fixtures';
import { contentSitemapFiles } from '@/lib/server/content';
import {
  countEnterprises,
  sitemapFileCount,
  sitemapFileExists,
  streamSitemapFile,
  streamSitemapIndex,
  xmlStreamResponse,
} from '../sitemap.service';

async function collect(gen: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const chunk of gen) out += chunk;
  return out;
}

describe('sitemap', () => {
  let total = 0;
  beforeAll(async () => {
    await seedPlainCompanies(23, '站点地图企业');
    total = await countEnterprises();
  });

  it('splits the corpus into files of at most perFile urls, each company exactly once', async () => {
    const perFile = 10;
    const files = await sitemapFileCount(perFile);
    expect(files).toBe(Math.ceil(total / perFile));
    const locs: string[] = [];
    for (let n = 1; n <= files; n++) {
      const xml = await collect(
        streamSitemapFile(n, 'https://example.com/', { perFile, batch: 3 }),
      );
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
      expect(xml.trim().endsWith('</urlset>')).toBe(true);
      const inFile = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(inFile.length).toBeLessThanOrEqual(perFile);
      expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
      locs.push(...inFile);
    }
    expect(locs).toHaveLength(total);
    expect(new Set(locs).size).toBe(total);
    const { rows } = await getPool().query<{ uncid: string }>(
      'select uncid from enterprises order by id limit 1',
    );
    expect(locs[0]).toBe(`https://example.com/companySearchDetail?uncid=${rows[0].uncid}`);
    // Past the end: an empty urlset, and sitemapFileExists says no.
    const past = await collect(streamSitemapFile(files + 1, 'https://example.com', { perFile }));
    expect(past).not.toContain('<url>');
    expect(await sitemapFileExists(files + 1, perFile)).toBe(false);
    expect(await sitemapFileExists(files, perFile)).toBe(true);
    expect(await sitemapFileExists(0, perFile)).toBe(false);
  });

  it('writes an index of the company files plus extra sitemaps', async () => {
    const xml = await collect(
      streamSitemapIndex('https://example.com', {
        perFile: 10,
        extra: ['https://example.com/sitemaps/pages.xml'],
      }),
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs[0]).toBe('https://example.com/sitemaps/pages.xml');
    expect(locs[1]).toBe('https://example.com/sitemaps/company-1.xml');
    // Then the knowledge content's files (policies, reports, lists …), each named once.
    const content = await contentSitemapFiles();
    // Issue 32: one file kind per company and published year, one for investment institutions.
    expect(content).toEqual(
      expect.arrayContaining([
        '/sitemaps/content-annual-1.xml',
        '/sitemaps/content-institution-1.xml',
      ]),
    );
    expect(locs).toHaveLength(1 + Math.ceil(total / 10) + content.length);
    expect(locs.slice(-content.length)).toEqual(content.map((p) => `https://example.com${p}`));
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  });

  it('streams as an XML response', async () => {
    const res = xmlStreamResponse(streamSitemapFile(1, 'https://example.com'));
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('</urlset>');
    expect([...text.matchAll(/<url>/g)]).toHaveLength(Math.min(total, 50000));
  });
});
