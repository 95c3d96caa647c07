import { expect, test, type APIRequestContext, type Page } from './support/test';
import { withE2eDb } from './support/db';
import { signIn, signInBySms, signUp } from './support/session';
import { untilStill } from './support/ui';

/**
 * Issue 13: 成员管理 and 角色管理. An administrator builds a department and a role limited to
 * 仅本人, gives both to a member, and the member's 已解锁企业 list shrinks to their own unlocks;
 * the member limit refuses an approval past it. Each test founds its own enterprise.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/employee-${name}.png`, fullPage: true });

type Envelope<T> = { code: number; msg: string; data: T };

const companyName = () => `E2E成员${Date.now() % 1_000_000}科技有限公司`;

async function invitationCode(request: APIRequestContext, type: 0 | 1): Promise<string> {
  const res = await request.get(`/api/system/sztk_user/join/get-invitation-code?type=${type}`);
  const body = (await res.json()) as Envelope<{ code: string }>;
  expect(body.code).toBe(200);
  return body.data.code;
}

/** Unlock records made by these members (by mobile): `counts[i]` companies for mobiles[i]. */
async function seedUnlocks(mobiles: string[], counts: number[]): Promise<void> {
  await withE2eDb(async (db) => {
    const { rows: users } = await db.query<{ id: number; tenant_id: number; mobile: string }>(
      `select id::int, tenant_id::int, mobile from users where mobile = any($1) and deleted_at is null`,
      [mobiles],
    );
    const total = counts.reduce((a, b) => a + b, 0);
    const { rows: ents } = await db.query<{ id: number }>(
      `select id::int from enterprises order by id limit $1`,
      [total],
    );
    let next = 0;
    for (const [i, mobile] of mobiles.entries()) {
      const user = users.find((u) => u.mobile === mobile)!;
      for (let n = 0; n < counts[i]; n += 1) {
        await db.query(
          `insert into enterprise_unlocks (tenant_id, enterprise_id, user_id) values ($1, $2, $3)`,
          [user.tenant_id, ents[next++].id, user.id],
        );
      }
    }
  });
}

/** The 已解锁企业 total the signed-in member sees. */
async function unlockedTotal(page: Page): Promise<string> {
  await page.goto('/unLockListPage');
  const total = page.locator('.ant-pagination-total-text');
  await expect(total).toBeVisible({ timeout: 30_000 });
  return (await total.textContent()) ?? '';
}

test('a department and a 仅本人 role given to a member narrow their 已解锁企业 list', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await signUp(page.request, { companyName: companyName() });
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await signUp(memberContext.request, {
    invitationCode: await invitationCode(page.request, 1),
  });
  expect(member.code).toBe(200);
  // Two companies unlocked by the administrator, one by the member.
  await seedUnlocks([admin.mobile, member.mobile], [2, 1]);
  // 普通员工 sees the whole enterprise's unlocks.
  await expect.poll(() => unlockedTotal(memberPage)).toBe('共 3 家');

  await test.step('成员管理: create the department 销售一部', async () => {
    await page.goto('/employeeManagement/member');
    await expect(page.getByRole('heading', { name: '全部成员' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('成员席位')).toContainText('2 /');
    await page.getByRole('button', { name: '新建部门' }).click();
    const dialog = page.getByRole('dialog', { name: '新建部门' });
    await untilStill(page, dialog);
    await dialog.getByLabel('部门名称').fill('销售一部');
    await shot(page, 'dept-modal');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('部门已创建')).toBeVisible();
    await expect(page.getByRole('tree')).toContainText('销售一部');
  });

  await test.step('角色管理: create a role and limit it to 仅本人', async () => {
    await page.goto('/employeeManagement/role');
    await expect(page.getByRole('heading', { name: '角色管理' })).toBeVisible({ timeout: 30_000 });
    // The four built-in roles are read-only.
    const builtIn = page.getByRole('row').filter({ hasText: '超级管理员' }).first();
    await expect(builtIn.getByRole('button', { name: /编\s*辑/ })).toBeDisabled();
    await page.getByRole('button', { name: '新建角色' }).click();
    const dialog = page.getByRole('dialog', { name: '新建角色' });
    await untilStill(page, dialog);
    await dialog.getByLabel('角色标识').fill('1bad');
    await dialog.getByLabel('角色名称').fill('本人销售');
    await expect(dialog).toContainText('角色标识只能包含字母、数字和下划线，且以字母开头');
    await dialog.getByLabel('角色标识').fill('self_sales');
    await shot(page, 'role-modal');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('角色已创建')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'self_sales' });
    // A new role starts with its holder's own data only (issue 28 item 7).
    await expect(row).toContainText('仅本人');

    await row.getByRole('button', { name: '数据范围' }).click();
    const scope = page.getByRole('dialog', { name: /数据范围/ });
    await untilStill(page, scope);
    await scope.getByRole('radio', { name: /指定部门/ }).check();
    await expect(scope.getByRole('tree')).toContainText('销售一部');
    await shot(page, 'data-scope-modal');
    await scope.getByRole('radio', { name: /仅本人/ }).check();
    await scope.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('数据范围已保存')).toBeVisible();
    await expect(row).toContainText('仅本人');

    await row.getByRole('button', { name: '菜单权限' }).click();
    const drawer = page.getByRole('dialog', { name: /菜单权限/ });
    await untilStill(page, drawer);
    await expect(drawer.getByRole('tree')).toContainText('成员管理');
    await shot(page, 'menu-drawer');
    await drawer.getByRole('button', { name: /取\s*消/ }).click();
    await shot(page, 'role-page');
  });

  await test.step('成员管理: move the member into 销售一部 with only the new role', async () => {
    await page.goto('/employeeManagement/member');
    await page.getByRole('searchbox', { name: '搜索成员' }).fill(member.mobile);
    await page.getByRole('searchbox', { name: '搜索成员' }).press('Enter');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    const row = rows.first();

    await row.getByRole('button', { name: '调整部门' }).click();
    const deptDialog = page.getByRole('dialog', { name: '调整部门' });
    await untilStill(page, deptDialog);
    await deptDialog.getByRole('combobox').click();
    // The options zoom in like a dialog; a click while they grow is lost.
    const options = page.locator('.ant-select-dropdown:visible');
    await untilStill(page, options);
    await options.getByTitle('销售一部').click();
    await expect(options).toHaveCount(0);
    await deptDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('部门已调整')).toBeVisible();
    await expect(row).toContainText('销售一部');

    await row.getByRole('button', { name: '设置角色' }).click();
    const roleDialog = page.getByRole('dialog', { name: '设置角色' });
    await untilStill(page, roleDialog);
    await roleDialog.getByRole('checkbox', { name: /普通员工/ }).uncheck();
    await roleDialog.getByRole('checkbox', { name: '本人销售' }).check();
    await shot(page, 'roles-modal');
    await roleDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText(/角色已设置/)).toBeVisible();
    await expect(row).toContainText('本人销售');
    await expect(row).not.toContainText('普通员工');

    // A department with members is not deleted; the server's reason is shown.
    const node = page
      .getByRole('tree')
      .locator('.ant-tree-treenode')
      .filter({ hasText: '销售一部' });
    await node.hover();
    await node.getByRole('button', { name: '部门「销售一部」的操作' }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '删除部门' });
    await untilStill(page, confirm);
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    await expect(page.getByText('部门下还有成员，无法删除')).toBeVisible();

    // The tree filters the table: 销售一部 holds exactly this member.
    await page.getByRole('searchbox', { name: '搜索成员' }).fill('');
    // Bulk actions appear with a selection (both members).
    await expect(page.locator('.ant-pagination-total-text')).toHaveText('共 2 名成员');
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await expect(page.getByRole('toolbar', { name: '批量操作' })).toContainText('已选 2 名成员');
    await shot(page, 'bulk');
    await page.getByRole('button', { name: '取消选择' }).click();

    await page.getByRole('tree').getByText('销售一部').click();
    await expect(page.getByRole('heading', { name: '销售一部' })).toBeVisible();
    await expect(page.locator('.ant-pagination-total-text')).toHaveText('共 1 名成员');
    await shot(page, 'member-page');
  });

  await test.step('the member now sees only their own unlock', async () => {
    // A role change may end the member's sessions (they sign in again); either way the next
    // request applies the new scope.
    const me = await memberContext.request.get('/api/system/sztk_user/profile/get');
    if (((await me.json()) as Envelope<unknown>).code === 401)
      await signInBySms(memberContext.request, member.mobile);
    await expect.poll(() => unlockedTotal(memberPage)).toBe('共 1 家');
    // The administrator (built-in role, 全部数据) still sees all three.
    expect(await unlockedTotal(page)).toBe('共 3 家');
  });

  await test.step('departments: a child, a rename, no move under itself, delete when empty', async () => {
    await page.goto('/employeeManagement/member');
    const tree = page.getByRole('tree');
    const nodeMenu = async (name: string) => {
      const node = tree.locator('.ant-tree-treenode').filter({ hasText: name }).last();
      await node.hover();
      await node.getByRole('button', { name: `部门「${name}」的操作` }).click();
    };
    await nodeMenu('销售一部');
    await page.getByRole('menuitem', { name: '新建子部门' }).click();
    let dialog = page.getByRole('dialog', { name: '新建部门' });
    await untilStill(page, dialog);
    await dialog.getByLabel('部门名称').fill('华东组');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(tree).toContainText('华东组');

    // 销售一部 cannot be moved under its own child: the picker leaves its branch out.
    await nodeMenu('销售一部');
    await page.getByRole('menuitem', { name: '重命名 / 移动' }).click();
    dialog = page.getByRole('dialog', { name: '编辑部门' });
    await untilStill(page, dialog);
    // The form opens with this department's values (not those of the previous dialog).
    await expect(dialog.getByLabel('部门名称')).toHaveValue('销售一部');
    await expect(dialog).toContainText('无（顶级部门）');
    await dialog.getByLabel('上级部门').click();
    const picker = page.locator('.ant-select-dropdown:visible');
    await untilStill(page, picker);
    await expect(picker).toContainText('无（顶级部门）');
    await expect(picker).not.toContainText('华东组');
    await shot(page, 'dept-edit-modal');
    await dialog.locator('.ant-modal-close').click();
    await expect(dialog).toBeHidden();

    await nodeMenu('华东组');
    await page.getByRole('menuitem', { name: '重命名 / 移动' }).click();
    dialog = page.getByRole('dialog', { name: '编辑部门' });
    await untilStill(page, dialog);
    await dialog.getByLabel('部门名称').fill('华东二组');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('部门已保存')).toBeVisible();
    await expect(tree).toContainText('华东二组');

    await nodeMenu('华东二组');
    await page.getByRole('menuitem', { name: '删除' }).click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '删除部门' });
    await untilStill(page, confirm);
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    await expect(page.getByText('部门已删除')).toBeVisible();
    await expect(tree).not.toContainText('华东二组');
  });
  await memberContext.close();
});

test('the member limit refuses an approval past it, with the reason', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUp(page.request, { companyName: companyName() });
  const applicantContext = await browser.newContext();
  let applicantMobile: string;
  try {
    const joined = await signUp(applicantContext.request, {
      invitationCode: await invitationCode(page.request, 0),
    });
    expect(joined.code).toBe(1002029003);
    applicantMobile = joined.mobile;
  } finally {
    await applicantContext.close();
  }

  await page.goto('/employeeManagement/member');
  const limit = page.getByLabel('成员席位');
  await expect(limit).toContainText('1 /', { timeout: 30_000 });
  await expect(limit.getByRole('link', { name: '1 人待审批' })).toBeVisible();
  // The administrator's direct-join link (type 1) sits beside the share-link drawer.
  await page.getByRole('button', { name: '直接加入链接' }).click();
  const direct = page.getByRole('dialog', { name: '直接加入链接' });
  await untilStill(page, direct);
  await expect(direct.getByRole('textbox', { name: '直接加入链接' })).toHaveValue(
    /\/invite\?invitationCode=\w+&type=1/,
  );
  await shot(page, 'direct-invite');
  await direct.locator('.ant-modal-close').click();
  await expect(direct).toBeHidden();

  await limit.getByRole('button', { name: '修改上限' }).click();
  const dialog = page.getByRole('dialog', { name: '修改成员上限' });
  await untilStill(page, dialog);
  await dialog.getByLabel('成员上限').fill('1');
  await shot(page, 'limit-modal');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('成员上限已修改')).toBeVisible();
  await expect(limit).toContainText('1 / 1');
  await expect(limit).toContainText('已达上限');

  // Approvals are on 成员管理, beside the count (issue 28 item 7).
  await page.goto('/employeeManagement/member#join-requests');
  const row = page.getByRole('row').filter({ hasText: applicantMobile });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await row.getByRole('button', { name: '通过' }).click();
  await expect(
    page.getByText('企业成员已达上限（1 人），请联系超级管理员提升上限或升级版本'),
  ).toBeVisible();
  await expect(row.getByText('待审核')).toBeVisible();
});

test('a member without the permissions gets no member or role management', async ({ page }) => {
  await signIn(page.request, 'free_staff');
  await page.goto('/employeeManagement/member');
  await expect(page.getByText('当前操作没有权限')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: '修改上限' })).toHaveCount(0);
  await shot(page, 'member-forbidden');
  await page.goto('/employeeManagement/role');
  await expect(page.getByText('当前操作没有权限')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: '新建角色' })).toHaveCount(0);
});
