import { PRODUCT_NAME } from '@/lib/shared/brand';
import {
  DEFAULT_SERVER_LAYOUT_SETTINGS,
  LAYOUT_SETTINGS_MESSAGES,
} from '@/lib/shared/workspace/layout-settings';
import {
  getUserLayoutSetting,
  updateUserLayoutSetting,
} from '@/lib/shared/workspace/workspace.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';

const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

describe('user layout settings (个性化配置)', () => {
  it('answers the defaults before anything is saved', async () => {
    const u = await createTestUser();
    const r = await callContract(getUserLayoutSetting, {}, as(u));
    expect(r.code).toBe(200);
    expect(r.data).toEqual(DEFAULT_SERVER_LAYOUT_SETTINGS);
    expect(r.data.systemName).toBe(PRODUCT_NAME);
  });

  it('saves only the given fields and reads them back', async () => {
    const u = await createTestUser();
    const first = await callContract(
      updateUserLayoutSetting,
      { body: { theme: 'dark', systemName: '  销售工作台 ' } },
      as(u),
    );
    expect(first.code).toBe(200);
    expect(first.data).toEqual({
      ...DEFAULT_SERVER_LAYOUT_SETTINGS,
      theme: 'dark',
      systemName: '销售工作台',
    });
    const second = await callContract(
      updateUserLayoutSetting,
      { body: { layout: 'horizontal', navigatorWorkbench: false } },
      as(u),
    );
    expect(second.code).toBe(200);
    const read = await callContract(getUserLayoutSetting, {}, as(u));
    expect(read.data).toEqual({
      layout: 'horizontal',
      theme: 'dark',
      systemName: '销售工作台',
      navigatorWorkbench: false,
    });
  });

  it('works for a user without an enterprise', async () => {
    const u = await createTestUser({ noTenant: true });
    const r = await callContract(updateUserLayoutSetting, { body: { theme: 'white' } }, as(u));
    expect(r.code).toBe(200);
    expect(r.data.theme).toBe('white');
  });

  it.each([
    [{ theme: 'night' }, LAYOUT_SETTINGS_MESSAGES.themeInvalid],
    [{ layout: 'vertical' }, LAYOUT_SETTINGS_MESSAGES.layoutInvalid],
    [{ systemName: '   ' }, LAYOUT_SETTINGS_MESSAGES.systemNameRequired],
    [{ systemName: '名'.repeat(21) }, LAYOUT_SETTINGS_MESSAGES.systemNameLength],
  ])('refuses %j with a Chinese message and keeps what was saved', async (body, message) => {
    const u = await createTestUser();
    await callContract(updateUserLayoutSetting, { body: { theme: 'white' } }, as(u));
    const r = await callContract(updateUserLayoutSetting, { body }, as(u));
    expect(r.code).toBe(400);
    expect(r.msg).toBe(message);
    const read = await callContract(getUserLayoutSetting, {}, as(u));
    expect(read.data).toEqual({ ...DEFAULT_SERVER_LAYOUT_SETTINGS, theme: 'white' });
  });

  it("leaves another user's settings untouched", async () => {
    const a = await createTestUser();
    const b = await createTestUser({ tenantId: a.tenantId ?? undefined });
    await callContract(updateUserLayoutSetting, { body: { theme: 'white' } }, as(b));
    await callContract(
      updateUserLayoutSetting,
      { body: { theme: 'dark', layout: 'horizontal' } },
      as(a),
    );
    const read = await callContract(getUserLayoutSetting, {}, as(b));
    expect(read.data).toEqual({ ...DEFAULT_SERVER_LAYOUT_SETTINGS, theme: 'white' });
  });

  it('refuses anonymous callers', async () => {
    expect((await callContract(getUserLayoutSetting)).code).toBe(401);
    expect((await callContract(updateUserLayoutSetting, { body: { theme: 'dark' } })).code).toBe(
      401,
    );
  });
});
