import { expect, test, type Page } from './support/test';
import { withE2eDb } from './support/db';
import { signUp } from './support/session';

/**
 * Issue 29 item 3, 数据中心: a new enterprise's administrator first sees empty states; then, with
 * two leads of the same company (same credit code, one with two follow-ups, one with one) and a
 * lead without contact, opens /dataCenter, merges the duplicates keeping the lead with more
 * follow-ups, and restores the merged lead from 数据管理's recycle bin, which gives it its
 * follow-up back. Screenshots at 1366 and 390 px.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/data-center-${name}.png`, fullPage: true });

async function plantDuplicates(mobile: string, run: number) {
  return withE2eDb(async (db) => {
    const { rows } = await db.query<{ id: string; tenant_id: string }>(
      `select id, tenant_id from users where mobile = $1 and deleted_at is null`,
      [mobile],
    );
    const [userId, tenantId] = [Number(rows[0].id), Number(rows[0].tenant_id)];
    const lead = async (name: string, credit: string | null, mobileNo: string | null) =>
      Number(
        (
          await db.query<{ id: string }>(
            `insert into clues (tenant_id, name, credit_code, owner_user_id, creator_user_id, source, contact_mobile)
             values ($1, $2, $3, $4, $4, '手动录入', $5) returning id`,
            [tenantId, name, credit, userId, mobileNo],
          )
        ).rows[0].id,
      );
    const credit = `91350200MA${String(run).padStart(8, '0')}`;
    const kept = await lead(`中心${run}鹭岛科技有限公司`, credit, '13800000001');
    const dup = await lead(`中心${run}鹭岛科技`, credit.toLowerCase(), null);
    await lead(`中心${run}无联系方式贸易`, null, null);
    const follow = async (clueId: number, n: number) => {
      for (let i = 0; i < n; i++)
        await db.query(
          `insert into clue_follow_ups (tenant_id, clue_id, user_id, channel, content)
           values ($1, $2, $3, '电话', $4)`,
          [tenantId, clueId, userId, `跟进${i}`],
        );
      await db.query(`update clues set follow_count = $2, status = 1 where id = $1`, [clueId, n]);
    };
    await follow(kept, 2);
    await follow(dup, 1);
    return { kept, dup };
  });
}

const followUpsOf = (clueId: number) =>
  withE2eDb(async (db) =>
    Number(
      (
        await db.query<{ n: string }>(
          `select count(*)::text n from clue_follow_ups where clue_id = $1`,
          [clueId],
        )
      ).rows[0].n,
    ),
  );

test('data center: an admin merges two duplicate leads and restores one', async ({ page }) => {
  // Four page loads and two merges' worth of refetches; a dev server compiles each page first.
  test.setTimeout(240_000);
  const run = Date.now() % 100_000_000;
  const { mobile } = await signUp(page.request, { companyName: `E2E中心${run}科技有限公司` });
  await page.setViewportSize({ width: 1366, height: 768 });

  // A new enterprise: empty states, not zeros.
  await page.goto('/dataCenter');
  await expect(page.getByRole('heading', { name: '数据中心', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('还没有数据资产')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('还没有线索和客户，暂无可检查的数据')).toBeVisible();
  await expect(page.getByText('还没有导入或导出记录')).toBeVisible();
  await shot(page, '1366-empty');

  const { kept, dup } = await plantDuplicates(mobile, run);
  await page.reload();
  const stat = (name: string) =>
    page
      .locator('.dc-stat')
      .filter({ has: page.getByText(name, { exact: true }) })
      .locator('dd');
  await expect(stat('线索')).toContainText('3', { timeout: 30_000 });
  await expect(page.getByRole('tab', { name: /重复线索/ })).toContainText('1');
  await expect(page.getByRole('tab', { name: /无联系方式的线索/ })).toContainText('2');
  await expect(page.getByRole('tab', { name: /负责人已离职的客户/ })).toContainText('未发现问题');
  const group = page.getByRole('article', { name: /重复线索/ });
  await expect(group.locator('tr.ant-table-row')).toHaveCount(2);
  // The lead with more follow-ups is proposed as the one to keep.
  await expect(
    group.getByRole('radio', { name: `保留「中心${run}鹭岛科技有限公司」` }),
  ).toBeChecked();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, '1366-duplicates');

  await group.getByRole('button', { name: '合并' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`保留「中心${run}鹭岛科技有限公司」`);
  await dialog.getByRole('button', { name: /合\s*并/ }).click();
  await expect(page.getByText('已合并 1 条线索，移入 1 条跟进记录')).toBeVisible();
  await expect(page.getByRole('tab', { name: /重复线索/ })).toContainText('未发现问题');
  expect(await followUpsOf(kept)).toBe(3);
  expect(await followUpsOf(dup)).toBe(0);

  // 无联系方式: the rows with the action that fixes them.
  await page.getByRole('tab', { name: /无联系方式的线索/ }).click();
  const bare = page.getByRole('tabpanel');
  await expect(bare.getByRole('link', { name: '补全联系方式' })).toHaveCount(1);

  // Undo from the recycle bin (数据管理): the merged lead comes back with its follow-up.
  await page.goto('/dataManagement');
  await page.getByText('回收站', { exact: true }).click();
  const row = page.locator('tr.ant-table-row', { hasText: `中心${run}鹭岛科技` });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: /恢\s*复/ }).click();
  await expect(page.getByText('已恢复 1 条线索')).toBeVisible();
  expect(await followUpsOf(dup)).toBe(1);
  expect(await followUpsOf(kept)).toBe(2);

  await page.goto('/dataCenter');
  await expect(page.getByRole('tab', { name: /重复线索/ })).toContainText('1', { timeout: 30_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  // The page itself fits the phone (tables scroll inside their cards). The workspace top bar
  // overflows by the user's name at 390 px on every page (a frame issue, not measured here).
  // The trend chart keeps its 1366 px canvas until its resize sensor redraws it (a frame or more
  // later; seen taking longer than the poll's own retries on a loaded machine).
  await page.waitForTimeout(1500);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const el = document.querySelector<HTMLElement>('.dc-page')!;
        return Math.max(
          el.getBoundingClientRect().right - window.innerWidth,
          el.scrollWidth - el.clientWidth,
        );
      }),
    )
    .toBeLessThanOrEqual(0);
  await shot(page, '390');
});
