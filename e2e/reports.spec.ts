import fs from 'node:fs';
import { expect, test } from './support/test';
import { withE2eDb } from './support/db';
import { signUp } from './support/session';
import { followLink } from './support/ui';
import { pdfText } from '../test/helpers/pdf-text';
import { REPORT_SECTIONS } from '../lib/shared/enterprise-report/report.types';

/**
 * Issue 32 item 3, 企业报告: a member makes a template, generates a report of a company from it,
 * watches the bell's progress (the unread message's currentReport / progressVisible, from the
 * job's pushes), opens the HTML report from the bell and downloads its PDF, whose text holds the
 * company name and the chosen sections. Screenshots at 1366×768 and 390×844.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const CHOSEN = ['basic', 'shareholders', 'risks', 'financing', 'contacts'] as const;
const chosenTitles = REPORT_SECTIONS.filter((s) =>
  (CHOSEN as readonly string[]).includes(s.key),
).map((s) => s.title);

test('generate a report from a template, watch the bell, open the HTML and download the PDF', async ({
  page,
}) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await signUp(page.request, { companyName: `E2E报告${Date.now() % 1_000_000}科技有限公司` });
  // A company with shareholders and changes, so the report has something in most sections.
  const company = await withE2eDb(async (db) => {
    const { rows } = await db.query<{ id: number; name: string }>(
      `select e.id::int as id, e.name from enterprises e
        where exists (select 1 from enterprise_shareholders s where s.enterprise_id = e.id)
          and exists (select 1 from enterprise_changes c where c.enterprise_id = e.id)
        order by e.weight desc limit 1`,
    );
    return rows[0];
  });

  // The bell's progress arrives as job-progress pushes of the report's job.
  const pushes: { status: string; percent: number; kind: string }[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/websocket/message')) return;
    ws.on('framereceived', (f) => {
      try {
        const m = JSON.parse(String(f.payload)) as {
          type: string;
          content: { kind: string; status: string; percent: number };
        };
        if (m.type === 'job-progress' && m.content.kind === 'enterprise_report')
          pushes.push(m.content);
      } catch {
        // Not JSON: not ours.
      }
    });
  });

  await page.goto('/enterpriseReport');
  await expect(page.getByRole('heading', { name: '企业报告', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  // Where users look for it: 企业查询 › 企业报告 in the side menu.
  await expect(page.getByTestId('side-menu').getByRole('link', { name: /企业报告/ })).toBeVisible();
  await expect(page.getByTestId('report-allowance')).toContainText('已用 0 / 3 份');

  // A template with five of the seven sections.
  await followLink(
    page,
    page.getByTestId('report-template-new'),
    /\/enterpriseReport\/reportTemplate/,
  );
  await expect(page.getByRole('heading', { name: '新建报告模板' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel('模板名称').fill('E2E 销售拜访版');
  // 基本信息, 股东及股权结构 and 风险与变更 are checked to begin with.
  for (const title of ['基本信息', '股东及股权结构', '风险与变更'])
    await expect(page.getByRole('checkbox', { name: new RegExp(title) })).toBeChecked();
  await page.getByRole('checkbox', { name: /融资信息/ }).check();
  await page.getByRole('checkbox', { name: /联系方式/ }).check();
  await page.getByTestId('report-template-save').click();
  await expect(page).toHaveURL(/\/enterpriseReport$/, { timeout: 30_000 });
  await expect(
    page.getByTestId('report-template-card').filter({ hasText: 'E2E 销售拜访版' }),
  ).toBeVisible();

  // Generate: the company from the suggestions, the new template.
  const picker = page.getByRole('combobox', { name: '选择企业' });
  await expect(async () => {
    await picker.click();
    await picker.fill(company.name.slice(0, 6));
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: company.name,
      })
      .first()
      .click({ timeout: 3_000 });
    await expect(page.locator('.rpt-form')).toContainText(company.name, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const templateSelect = page.getByRole('combobox', { name: '报告模板' });
  await expect(async () => {
    await templateSelect.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: 'E2E 销售拜访版',
      })
      .first()
      .click({ timeout: 3_000 });
    await expect(page.locator('.rpt-form')).toContainText('E2E 销售拜访版', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId('report-generate').click();

  // The bell shows the report while it is written and when it is done.
  const progress = page.getByTestId('report-progress');
  await expect(progress).toBeVisible({ timeout: 30_000 });
  await expect(progress).toContainText(company.name);
  await expect(progress).toContainText('报告已生成', { timeout: 90_000 });
  await page.screenshot({ path: `${SHOTS}/report-bell-1366.png` });
  expect(pushes.some((p) => p.status === 'running' && p.percent < 100)).toBe(true);
  expect(pushes.at(-1)).toMatchObject({ status: 'succeeded', percent: 100 });
  await expect(page.getByTestId('report-status').first()).toHaveText('已生成', { timeout: 30_000 });
  await expect(page.getByTestId('report-allowance')).toContainText('已用 1 / 3 份');
  await page.screenshot({ path: `${SHOTS}/report-center-1366.png`, fullPage: true });

  // From the bell to the HTML report.
  await followLink(page, progress.getByTestId('report-progress-open'), /reportDetail\?id=\d+/);
  const doc = page.getByTestId('report-document');
  await expect(doc).toBeVisible({ timeout: 30_000 });
  await expect(doc.getByRole('heading', { level: 1 })).toHaveText(company.name);
  for (const title of chosenTitles)
    await expect(doc.getByRole('heading', { level: 2, name: new RegExp(title) })).toBeVisible();
  await expect(doc.getByRole('heading', { name: /经营状况/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/report-detail-1366.png`, fullPage: true });

  // The PDF: its text holds the company and every chosen section.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('report-detail-pdf').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/企业报告_\d{8}-\d{4}\.pdf$/);
  const pdf = fs.readFileSync(await download.path());
  fs.writeFileSync(`${SHOTS}/report.pdf`, pdf);
  expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
  const text = pdfText(pdf);
  expect(text).toContain(company.name);
  for (const title of chosenTitles) expect(text).toContain(title);

  // Phone-sized: the report and the centre.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(doc).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/report-detail-390.png`, fullPage: true });
  await page.goto('/enterpriseReport');
  await expect(page.getByTestId('report-status').first()).toHaveText('已生成', { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/report-center-390.png`, fullPage: true });

  // 生成报告 on the company's page opens 企业报告 with the company chosen.
  await page.goto(`/companySearchDetail?pid=${company.id}`);
  await followLink(page, page.getByTestId('report-from-company'), /\/enterpriseReport\?entId=/);
  await expect(page.locator('.rpt-form')).toContainText(company.name, { timeout: 30_000 });

  // The PDF is in 下载中心 as well.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/downloadList');
  await expect(page.locator('tr.ant-table-row', { hasText: '企业报告' }).first()).toContainText(
    '已完成',
    { timeout: 30_000 },
  );
});

test('a visitor reads what a report holds and is asked to sign in', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/enterpriseReport');
  await expect(page.getByRole('heading', { name: '企业报告', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  for (const s of REPORT_SECTIONS) await expect(page.getByText(`${s.title}：`)).toBeVisible();
  // One chrome per state (ADR 0197): the public header for a visitor, not the workspace.
  await expect(page.locator('header.pub-header')).toBeVisible();
  await expect(page.locator('.ws-topbar')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/report-visitor-390.png`, fullPage: true });
  // 登录/注册 opens the login modal, which brings the visitor back here.
  await page.getByTestId('report-sign-in').click();
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 30_000 });
  // The template page and a report page need a session.
  await page.goto('/enterpriseReport/reportTemplate');
  await expect(page).toHaveURL(/login|redirect/);
});
