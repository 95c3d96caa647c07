import { getPool } from '@/lib/server/platform/db';
import { seedDemoContent } from '@/db/seed/content-demo';
import { parseIndustryMapParams, subjectOf } from '@/lib/shared/industry/industry-map';
import { getIndustryMapStats } from '../industry-map.service';
import { getIndustryProfile, PROFILE_RELATED } from '../industry-profile.service';

/**
 * 行业洞察 (issue 31 item 3): the profile's figures are the industry map's national statistics,
 * its growth is the last full year against the one before, and its related content is what the
 * knowledge pages file under the industry (a group under its division), newest first.
 */
const subject = (key: string) => {
  const s = subjectOf(key);
  if (!s) throw new Error(key);
  return s;
};

beforeAll(async () => {
  await seedDemoContent(getPool(), { scale: 0.1 });
}, 120_000);

const newestFirst = (items: readonly { publishDate: string }[]) =>
  items.every((x, i) => i === 0 || items[i - 1].publishDate >= x.publishDate);

it('a section: the national figures, growth, and policies, reports and news filed under it', async () => {
  const profile = await getIndustryProfile(subject('I'));
  const stats = await getIndustryMapStats(parseIndustryMapParams({ industry: 'I' })!);
  expect(profile.stats.total).toBe(stats.total);
  expect(profile.stats.regions).toEqual(stats.regions);

  const year = new Date().getFullYear() - 1;
  const { rows } = await getPool().query<{ y: number; n: number }>(
    `select extract(year from establish_date)::int y, count(*)::int n from enterprises
      where industry_section = 'I' and extract(year from establish_date) in ($1, $2) group by 1`,
    [year, year - 1],
  );
  const count = rows.find((r) => r.y === year)?.n ?? 0;
  const previous = rows.find((r) => r.y === year - 1)?.n ?? 0;
  expect(profile.growth).toMatchObject({ year, count, previous });
  if (previous > 0)
    expect(profile.growth.rate).toBeCloseTo(((count - previous) / previous) * 100, 0);

  // The demo content files items under sections: some of each kind here.
  expect(profile.policies.length).toBeGreaterThan(0);
  expect(profile.news.length).toBeGreaterThan(0);
  for (const list of [profile.policies, profile.reports, profile.news]) {
    expect(list.length).toBeLessThanOrEqual(PROFILE_RELATED);
    expect(newestFirst(list)).toBe(true);
    for (const item of list) expect(item.industries).toContain('I');
  }
});

it('a group reads its division’s content; a chain its own reports', async () => {
  const group = await getIndustryProfile(subject('651'));
  for (const item of [...group.policies, ...group.reports, ...group.news])
    expect(item.industries).toContain('65');
  const chain = await getIndustryProfile(subject('CY001'));
  for (const report of chain.reports) expect(report.chainCode).toBe('CY001');
});
