import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { withE2eDb } from './support/db';
import { signIn } from './support/session';

/*
 * Text contrast (WCAG AA, 4.5:1 for small text) on the pages visitors land on and the pages
 * members work in, at a phone's and a laptop's width, with axe-core (the engine Lighthouse's
 * accessibility audit runs). antd's default blue and 45 % grey fail it; the app's tokens
 * (components/providers/antd-tokens.ts) and stylesheets must not bring them back.
 */

const AXE = fs.readFileSync(path.join(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8');

type Violation = { target: string; html: string; data: unknown };

/** Every element whose text fails colour contrast on the page as it is now. */
async function contrastViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{
            violations: {
              nodes: { target: string[]; html: string; any: { data: unknown }[] }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: ['color-contrast'] });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => ({
        target: n.target.join(' '),
        html: n.html.slice(0, 160),
        data: n.any[0]?.data,
      })),
    );
  });
}

async function aCompanyPage(): Promise<string> {
  const uncid = await withE2eDb(async (db) => {
    const { rows } = await db.query<{ uncid: string }>(
      `select uncid from enterprises where uncid is not null order by weight desc limit 1`,
    );
    return rows[0].uncid;
  });
  return `/companySearchDetail?uncid=${uncid}`;
}

const VISITOR_PAGES = [
  '/',
  '/companySearch?searchValue=科技',
  '/advancedSearch',
  '/policySearch',
  '/finance',
  '/authoritativeList',
  '/industryInsights/industryMap',
  '/mapGetCustomer',
  '/digitalEmployee',
];
const MEMBER_PAGES = [
  '/workbench',
  '/clue/list',
  '/customerManagement/customerList',
  '/customerManagement/opportunity',
  '/unLockListPage',
];

for (const width of [390, 1366]) {
  test.describe(`at ${width} px`, () => {
    // axe reads the page's own stylesheet rules; the CSP would refuse its script otherwise.
    test.use({ viewport: { width, height: 900 }, bypassCSP: true });

    test('visitors’ pages: every text meets AA contrast', async ({ page }) => {
      test.setTimeout(180_000);
      const found: string[] = [];
      for (const p of [...VISITOR_PAGES, await aCompanyPage()]) {
        await page.goto(p, { waitUntil: 'networkidle', timeout: 60_000 });
        for (const v of await contrastViolations(page))
          found.push(`${p}: ${v.target} ${v.html} ${JSON.stringify(v.data)}`);
      }
      expect(found).toEqual([]);
    });

    test('members’ pages: every text meets AA contrast', async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page.request, 'standard_admin');
      const found: string[] = [];
      for (const p of MEMBER_PAGES) {
        await page.goto(p, { waitUntil: 'networkidle', timeout: 60_000 });
        for (const v of await contrastViolations(page))
          found.push(`${p}: ${v.target} ${v.html} ${JSON.stringify(v.data)}`);
      }
      expect(found).toEqual([]);
    });
  });
}
