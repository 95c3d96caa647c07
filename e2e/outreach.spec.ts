import { expect, test, type Locator, type Page } from './support/test';
import { withE2eDb } from './support/db';
import { insertSmsCode, signUp } from './support/session';

/**
 * Issue 33's journey (加微任务) against the real server and the demo provider: from an AI reply
 * create a task — the balance is short (1010006011), a credit pack is bought in the dialog with
 * the demo payment — confirm with the day's SMS code, watch the card progress to its end, see the
 * accepted contacts as follow-ups on their leads, export the results, open the detail page; a
 * second task paused by its daily cap is stopped from its card.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const REPLY_WAIT = process.env.E2E_DEV ? 60_000 : 20_000;

type Counts = { done: number; answered: number };
const countsKey = (c: Counts) => `${c.done}/${c.answered}`;

/**
 * Issue 33, progress ≤ 1 s after a step commits: the task's committed counts are read from the
 * database every 25 ms and the card's shown counts recorded by a MutationObserver, on the same
 * clock; each commit's lag is the time until the card shows those counts (or later ones). Card
 * reads of the task (get-add-weixin-task-detail) are counted: polling would show up there.
 */
async function watchPushLag(page: Page, tenantId: number) {
  let detailReads = 0;
  const onRequest = (r: { url: () => string }) => {
    if (r.url().includes('get-add-weixin-task-detail')) detailReads += 1;
  };
  page.on('request', onRequest);
  await page.evaluate(() => {
    const w = window as unknown as { __weixin: { t: number; done: number; answered: number }[] };
    w.__weixin = [];
    const read = () => {
      const el = document.querySelector(
        '[data-testid="weixin-card"] [data-testid="weixin-counts"]',
      );
      if (!el) return;
      const n = (label: string) =>
        Number((el.textContent ?? '').match(new RegExp(`${label}\\s*(\\d+)`))?.[1] ?? 0);
      const answered = n('已通过') + n('已拒绝') + n('失败');
      const done = n('已发送') + answered + n('跳过');
      const last = w.__weixin.at(-1);
      if (!last || last.done !== done || last.answered !== answered)
        w.__weixin.push({ t: Date.now(), done, answered });
    };
    read();
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  const commits: (Counts & { t: number })[] = [];
  let stop = false;
  const polling = withE2eDb(async (db) => {
    while (!stop) {
      const r = await db.query<{
        s: number;
        a: number;
        r: number;
        f: number;
        k: number;
        st: number;
      }>(
        `select sent as s, accepted as a, refused as r, failed as f, skipped as k, status as st
           from outreach_tasks where tenant_id = $1 order by id desc limit 1`,
        [tenantId],
      );
      const t = Date.now();
      const row = r.rows[0];
      if (row) {
        const c = { done: row.s + row.a + row.r + row.f + row.k, answered: row.a + row.r + row.f };
        if (commits.length === 0 || countsKey(commits.at(-1)!) !== countsKey(c))
          commits.push({ t, ...c });
        if (row.st === 2) break;
      }
      await new Promise((res) => setTimeout(res, 25));
    }
  });
  return {
    async finish() {
      await Promise.race([polling, new Promise((res) => setTimeout(res, 5000))]);
      stop = true;
      page.off('request', onRequest);
      const shown = await page.evaluate(
        () =>
          (window as unknown as { __weixin: { t: number; done: number; answered: number }[] })
            .__weixin,
      );
      // The first reading is where the card stood when watching began (not a commit).
      const steps = commits.slice(1);
      let maxMs = 0;
      for (const c of steps) {
        const seen = shown.find((v) => v.done >= c.done && v.answered >= c.answered);
        maxMs = Math.max(maxMs, seen ? Math.max(0, seen.t - c.t) : Infinity);
      }
      return { steps: steps.length, maxMs, detailReads };
    },
  };
}

async function openDialog(page: Page, reply: Locator, rows: number[]) {
  const table = reply.locator('.ant-table-tbody tr.ant-table-row');
  for (const i of rows) await table.nth(i).getByRole('checkbox').check();
  await expect(reply.getByText(`已选 ${rows.length} 家`)).toBeVisible();
  await reply.getByTestId('ai-add-weixin').click();
  const dialog = page.getByRole('dialog', { name: '新建加微任务' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('加微任务: create from a reply, buy a pack when short, watch, follow-ups, export, stop', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const run = Date.now() % 1_000_000;
  const { mobile } = await signUp(page.request, { companyName: `加微${run}科技有限公司` });
  const { tenantId, userId } = await withE2eDb(async (db) => {
    const r = await db.query<{ id: string; tenant_id: string }>(
      'select id, tenant_id from users where mobile = $1',
      [mobile],
    );
    return { tenantId: Number(r.rows[0].tenant_id), userId: Number(r.rows[0].id) };
  });

  await page.goto('/ai');
  await expect(page.getByTestId('ai-empty')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('ai-new-task').click();
  // The new task is open (its id in the address) before the request is sent.
  await expect(page).toHaveURL(/\/ai\?taskId=\d+$/);
  const input = page.getByTestId('ai-input');
  await input.fill('帮我找注册资本100万以上的企业');
  await input.press('Enter');
  const reply = page.getByTestId('ai-search-reply').first();
  await expect(reply).toBeVisible({ timeout: REPLY_WAIT });
  const rows = reply.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.nth(5)).toBeVisible();

  // The page's companies become leads; the test gives each an unlocked mobile number (a task
  // adds unlocked numbers only).
  for (let i = 0; i < 6; i++) await rows.nth(i).getByRole('checkbox').check();
  await reply.getByTestId('ai-to-crm').click();
  await expect(page.getByText(/已加入线索 6 家/)).toBeVisible();
  await withE2eDb(async (db) => {
    await db.query(
      `insert into enterprise_contacts (enterprise_id, type, value, person_name, source)
       select c.enterprise_id, 'mobile', '158' || lpad(((c.enterprise_id * 7919 + $2) % 100000000)::text, 8, '0'), '王经理', '官网'
       from clues c where c.tenant_id = $1 and c.deleted_at is null`,
      [tenantId, run],
    );
    await db.query(
      `insert into enterprise_unlocks (tenant_id, enterprise_id, user_id)
       select $1, c.enterprise_id, $2 from clues c where c.tenant_id = $1 on conflict do nothing`,
      [tenantId, userId],
    );
  });
  for (let i = 0; i < 6; i++) await rows.nth(i).getByRole('checkbox').uncheck();

  // The first task: balance 0, the day's SMS confirmation, then 1010006011 with the packs.
  let dialog = await openDialog(page, reply, [0, 1, 2]);
  await expect(dialog.getByTestId('weixin-balance')).toContainText('加微余额 0 次');
  await expect(dialog.getByText(/今天首个付费加微任务/)).toBeVisible();
  await dialog.getByLabel('验证码').fill(await insertSmsCode(mobile, 4));
  await dialog.getByRole('button', { name: '开始加微' }).click();
  const short = dialog.getByTestId('weixin-short');
  await expect(short).toContainText('加微余额不足');
  await page.screenshot({ path: `${SHOTS}/weixin-short.png` });
  await short.getByTestId('weixin-pack').first().click();
  await expect(dialog.getByTestId('weixin-pack-pay')).toContainText('应付金额');
  const [phone] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByTestId('weixin-pack-demo-link').click(),
  ]);
  await phone.getByRole('button', { name: /确认支付/ }).click();
  await expect(phone.getByText('支付成功')).toBeVisible();
  await phone.close();
  await expect(short).toBeHidden({ timeout: 15_000 });
  await expect(dialog.getByTestId('weixin-balance')).toContainText('加微余额 100 次');
  await dialog.getByRole('button', { name: '开始加微' }).click();
  await expect(page.getByText(/加微任务已创建/)).toBeVisible();

  // The card in the thread: live progress to its end.
  const card = page.getByTestId('weixin-card').first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('演示数据');
  await page.screenshot({ path: `${SHOTS}/weixin-card-running.png` });
  const lag = await watchPushLag(page, tenantId);
  await expect(card).toHaveAttribute('data-status', '2', { timeout: 60_000 });
  const figures = await lag.finish();
  // Each committed step shows on the card within 1 s, and not by reading: with the socket open
  // the card asks for the task at most on mount (polling every second would read ~N times).
  console.log(
    `加微 push: ${figures.steps} steps, card behind the commit by max ${figures.maxMs} ms`,
  );
  expect(figures.steps).toBeGreaterThan(0);
  expect(figures.maxMs).toBeLessThanOrEqual(1000);
  expect(figures.detailReads).toBeLessThanOrEqual(2);
  await expect(card).toContainText('已完成');
  const accepted = Number(
    ((await card.getByTestId('weixin-counts').innerText()).match(/已通过 (\d+)/) ?? ['', '0'])[1],
  );
  await page.screenshot({ path: `${SHOTS}/weixin-card-done.png` });

  // Accepted contacts are 微信 follow-ups on their leads.
  const follows = await withE2eDb(async (db) =>
    Number(
      (
        await db.query<{ n: string }>(
          `select count(*) as n from clue_follow_ups where tenant_id = $1 and channel = '微信'`,
          [tenantId],
        )
      ).rows[0].n,
    ),
  );
  expect(follows).toBe(accepted);

  // Export into 下载中心.
  await card.getByTestId('weixin-export').click();
  await expect(page.getByText('已创建导出任务，完成后可在下载中心下载')).toBeVisible();

  // The detail page: every contact with its result.
  await card.getByTestId('weixin-detail-link').click();
  const detail = page.getByTestId('weixin-detail');
  await expect(detail).toBeVisible({ timeout: 15_000 });
  await expect(detail.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/weixin-detail.png`, fullPage: true });
  await page.goBack();

  // A second task paused by its daily cap of 1, stopped from its card.
  const replyAgain = page.getByTestId('ai-search-reply').first();
  await expect(replyAgain).toBeVisible({ timeout: REPLY_WAIT });
  dialog = await openDialog(page, replyAgain, [3, 4, 5]);
  await dialog.getByLabel('每日上限').fill('1');
  await dialog.getByRole('button', { name: '开始加微' }).click();
  await expect(page.getByText(/加微任务已创建/)).toBeVisible();
  const second = page.getByTestId('weixin-card').nth(1);
  await expect(second).toContainText('暂停至', { timeout: 30_000 });
  await second.getByTestId('weixin-stop').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /停\s*止/ })
    .click();
  await expect(second).toContainText('已停止', { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/weixin-card-stopped.png` });

  // The download centre lists the export.
  await page.goto('/downloadList');
  await expect(page.getByText(/加微结果/).first()).toBeVisible({ timeout: 30_000 });
});
