import { ERRORS } from '@/lib/shared/api/error-codes';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import {
  SAVED_VIEW_LIMIT,
  SAVED_VIEW_MESSAGES as M,
} from '@/lib/shared/saved-view/saved-view.constants';
import { SAVED_VIEW_ERRORS } from '@/lib/shared/saved-view/saved-view.errors';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  setDefaultSavedView,
  updateSavedView,
  type SavedView,
} from '@/lib/shared/saved-view/saved-view.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';

/**
 * Saved list views (/szjk/list-view/*, issue 14 item 3): per member and list, shared within the
 * tenant, validated per list, limited, editable by the owner only, invisible to other tenants.
 */

const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

let owner: TestUser;
let colleague: TestUser;
let outsider: TestUser;

const stateWith = (keyword: string) => ({
  tab: '1',
  filters: { keyword, source: ['企业搜索'], region: ['350000', '350200'] },
  sort: { field: 'nextFollowTime', order: 'asc' },
  columns: ['status', 'followUser'],
  pageSize: 20,
});

async function create(u: TestUser, body: Record<string, unknown>): Promise<number> {
  const r = await callContract(createSavedView, { body: { listKey: 'clue', ...body } }, as(u));
  expect(r.code === 200 ? 200 : r.msg).toBe(200);
  return r.data;
}

async function list(u: TestUser, listKey = 'clue'): Promise<SavedView[]> {
  const r = await callContract(listSavedViews, { query: { listKey } }, as(u));
  expect(r.code === 200 ? 200 : r.msg).toBe(200);
  return r.data;
}

beforeAll(async () => {
  owner = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
  colleague = await createTestUser({ tenantId: owner.tenantId!, roleCodes: ['employee'] });
  outsider = await createTestUser({ roleCodes: [BUILT_IN_ROLES.tenantAdmin.code] });
});

describe('create and list', () => {
  it('saves a view with its state (defaults filled in) and lists it for its owner', async () => {
    const id = await create(owner, { name: '福建跟进中', state: stateWith('科技') });
    const views = await list(owner);
    const v = views.find((x) => x.id === id);
    expect(v).toMatchObject({
      name: '福建跟进中',
      listKey: 'clue',
      mine: true,
      shared: false,
      isDefault: false,
      state: {
        tab: '1',
        filters: {
          keyword: '科技',
          source: ['企业搜索'],
          followUserIds: [],
          region: ['350000', '350200'],
          industry: [],
          createTime: null,
          nextFollowTime: null,
        },
        sort: { field: 'nextFollowTime', order: 'asc' },
        columns: ['status', 'followUser'],
        pageSize: 20,
      },
    });
    // Another list of the same member does not show it.
    expect((await list(owner, 'customer')).map((x) => x.id)).not.toContain(id);
  });

  it('refuses bad names, unknown lists, invalid and oversized states with Chinese messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ', state: {} }, M.nameRequired],
      [{ name: '名'.repeat(21), state: {} }, M.nameTooLong],
      [{ listKey: 'nope', name: '甲', state: {} }, M.listKeyInvalid],
      [{ name: '甲', state: { tab: 'x' } }, `${M.stateInvalid}（tab）`],
      [
        { name: '甲', state: { filters: { region: ['abc'] } } },
        `${M.stateInvalid}（filters.region.0）`,
      ],
      [{ name: '甲', state: { pageSize: 1000 } }, `${M.stateInvalid}（pageSize）`],
      [{ name: '甲', state: { extra: 1 } }, M.stateInvalid],
      [{ name: '甲', state: { filters: { keyword: 'x'.repeat(5000) } } }, M.stateTooLarge],
      [{ name: '甲', state: 'text' }, M.stateInvalid],
    ];
    for (const [body, msg] of cases) {
      const r = await callContract(
        createSavedView,
        { body: { listKey: 'clue', ...body } as never },
        as(owner),
      );
      expect({ body, code: r.code, msg: (r.msg ?? '').startsWith(msg) }).toEqual({
        body,
        code: ERRORS.BAD_REQUEST.code,
        msg: true,
      });
    }
  });

  it('keeps names unique per member and list, not across members or lists', async () => {
    await create(owner, { name: '重名', state: {} });
    const r = await callContract(
      createSavedView,
      { body: { listKey: 'clue', name: '重名', state: {} } },
      as(owner),
    );
    expect(r).toMatchObject({
      code: SAVED_VIEW_ERRORS.NAME_EXISTS.code,
      msg: '已有同名视图「重名」',
    });
    await create(colleague, { name: '重名', state: {} });
    await create(owner, { listKey: 'customer', name: '重名', state: { filters: { k: 'v' } } });
  });

  it(`allows at most ${SAVED_VIEW_LIMIT} views per member and list`, async () => {
    const u = await createTestUser({ tenantId: owner.tenantId!, roleCodes: ['employee'] });
    for (let i = 0; i < SAVED_VIEW_LIMIT; i++) await create(u, { name: `视图${i}`, state: {} });
    const r = await callContract(
      createSavedView,
      { body: { listKey: 'clue', name: '再多一个', state: {} } },
      as(u),
    );
    expect(r).toMatchObject({
      code: SAVED_VIEW_ERRORS.LIMIT.code,
      msg: `每个列表最多保存 ${SAVED_VIEW_LIMIT} 个视图`,
    });
    // Another list has its own count; deleting one makes room again.
    await create(u, { listKey: 'customer', name: '客户视图', state: {} });
    const first = (await list(u)).find((v) => v.name === '视图0')!;
    expect((await callContract(deleteSavedView, { query: { id: first.id } }, as(u))).code).toBe(
      200,
    );
    await create(u, { name: '再多一个', state: {} });
  });
});

describe('sharing and ownership', () => {
  it('shows shared views to colleagues read-only; only the owner changes them', async () => {
    const id = await create(owner, { name: '团队视图', state: stateWith('团队'), shared: true });
    const privateId = await create(owner, { name: '私人视图', state: {} });
    const seen = await list(colleague);
    expect(seen.find((v) => v.id === id)).toMatchObject({ mine: false, shared: true });
    expect(seen.find((v) => v.id === id)?.ownerName).toBeTruthy();
    expect(seen.map((v) => v.id)).not.toContain(privateId);

    const notOwner = SAVED_VIEW_ERRORS.NOT_OWNER.code;
    for (const r of [
      await callContract(updateSavedView, { body: { id, name: '改名' } }, as(colleague)),
      await callContract(deleteSavedView, { query: { id } }, as(colleague)),
      await callContract(setDefaultSavedView, { body: { listKey: 'clue', id } }, as(colleague)),
    ])
      expect(r.code).toBe(notOwner);
    // A colleague's private view does not exist for the caller.
    for (const r of [
      await callContract(updateSavedView, { body: { id: privateId, name: '改名' } }, as(colleague)),
      await callContract(deleteSavedView, { query: { id: privateId } }, as(colleague)),
    ])
      expect(r.code).toBe(ERRORS.NOT_FOUND.code);

    // Unsharing hides it again.
    const r = await callContract(updateSavedView, { body: { id, shared: false } }, as(owner));
    expect(r.code).toBe(200);
    expect((await list(colleague)).map((v) => v.id)).not.toContain(id);
  });

  it('renames and overwrites the state, validating the state for its list', async () => {
    const id = await create(owner, { name: '待改', state: {} });
    let r = await callContract(
      updateSavedView,
      { body: { id, name: '已改', state: stateWith('新') } },
      as(owner),
    );
    expect(r.code).toBe(200);
    const v = (await list(owner)).find((x) => x.id === id)!;
    expect(v.name).toBe('已改');
    expect(v.state).toMatchObject({ filters: { keyword: '新' }, pageSize: 20 });
    r = await callContract(updateSavedView, { body: { id, state: { tab: 9 } } }, as(owner));
    expect(r).toMatchObject({ code: ERRORS.BAD_REQUEST.code, msg: `${M.stateInvalid}（tab）` });
    r = await callContract(updateSavedView, { body: { id, name: '福建跟进中' } }, as(owner));
    expect(r).toMatchObject({ code: SAVED_VIEW_ERRORS.NAME_EXISTS.code });
    r = await callContract(updateSavedView, { body: { id } }, as(owner));
    expect(r).toMatchObject({ code: ERRORS.BAD_REQUEST.code, msg: M.nothingToUpdate });
  });
});

describe('default view', () => {
  it('keeps one default per member and list; clearing it leaves none', async () => {
    const u = await createTestUser({ tenantId: owner.tenantId!, roleCodes: ['employee'] });
    const a = await create(u, { name: '甲', state: {}, isDefault: true, shared: true });
    const b = await create(u, { name: '乙', state: {} });
    const defaults = async (who: TestUser) =>
      (await list(who)).filter((v) => v.isDefault).map((v) => v.id);
    expect(await defaults(u)).toEqual([a]);
    // A colleague's default is not the caller's.
    expect(await defaults(colleague)).not.toContain(a);

    expect(
      (await callContract(setDefaultSavedView, { body: { listKey: 'clue', id: b } }, as(u))).code,
    ).toBe(200);
    expect(await defaults(u)).toEqual([b]);
    const c = await create(u, { name: '丙', state: {}, isDefault: true });
    expect(await defaults(u)).toEqual([c]);
    expect(
      (await callContract(setDefaultSavedView, { body: { listKey: 'clue', id: null } }, as(u)))
        .code,
    ).toBe(200);
    expect(await defaults(u)).toEqual([]);
    // A view of another list cannot be this list's default.
    const other = await create(u, { listKey: 'customer', name: '客户', state: {} });
    const r = await callContract(
      setDefaultSavedView,
      { body: { listKey: 'clue', id: other } },
      as(u),
    );
    expect(r.code).toBe(ERRORS.NOT_FOUND.code);
  });
});

describe('tenant isolation', () => {
  it('another tenant neither sees nor changes the views, even shared ones', async () => {
    const id = await create(owner, { name: '隔离视图', state: {}, shared: true });
    expect((await list(outsider)).map((v) => v.id)).not.toContain(id);
    for (const r of [
      await callContract(updateSavedView, { body: { id, name: '改' } }, as(outsider)),
      await callContract(deleteSavedView, { query: { id } }, as(outsider)),
      await callContract(setDefaultSavedView, { body: { listKey: 'clue', id } }, as(outsider)),
    ])
      expect(r.code).toBe(ERRORS.NOT_FOUND.code);
    expect((await list(owner)).find((v) => v.id === id)?.name).toBe('隔离视图');
  });
});
