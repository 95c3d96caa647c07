import {
  deleteSearchConditionTemplate,
  getSearchConditionHistory,
  getSearchConditionTemplates,
  recordSearchHistory,
  saveSearchConditionTemplate,
  SEARCH_TEMPLATE_LIMIT,
} from '@/lib/shared/search/search.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { listSearchHistory, recordSearchHistory as recordAt } from '../search-history.service';

/** Saved search templates and history through their contracts, against the real database. */
let owner: TestUser;
let other: TestUser;
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

beforeAll(async () => {
  owner = await createTestUser({ edition: 4 });
  other = await createTestUser({ edition: 4 });
});

const save = (u: TestUser, name: string) =>
  callContract(
    saveSearchConditionTemplate,
    { body: { name, condition: { keyword: ' 科技 ', filters: { statuses: ['存续'] } } } },
    as(u),
  );

describe('search condition templates', () => {
  it('keeps the keyword normalised and the filters, answers times as epoch milliseconds', async () => {
    const saved = await save(owner, '厦门存续');
    expect(saved.code).toBe(200);
    const list = await callContract(
      getSearchConditionTemplates,
      { query: { keyword: '厦门' } },
      as(owner),
    );
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      id: saved.data,
      name: '厦门存续',
      condition: { keyword: '科技', filters: { statuses: ['存续'] } },
    });
    expect(typeof list.data[0].createTime).toBe('number');
    expect(Math.abs(list.data[0].createTime - Date.now())).toBeLessThan(60_000);
  });

  it('refuses filters outside the options and a name that is blank, in Chinese', async () => {
    const badFilter = await callContract(
      saveSearchConditionTemplate,
      { body: { name: 'x', condition: { filters: { statuses: ['不存在'] } } } },
      as(owner),
    );
    expect(badFilter.code).toBe(400);
    const blank = await callContract(
      saveSearchConditionTemplate,
      { body: { name: '  ', condition: {} } },
      as(owner),
    );
    expect(blank.code).toBe(400);
    expect(blank.msg).toBe('请输入模板名称');
  });

  it(`never passes ${SEARCH_TEMPLATE_LIMIT} per user, even when saves race`, async () => {
    const racer = await createTestUser({ edition: 4 });
    const results = await Promise.all(
      Array.from({ length: SEARCH_TEMPLATE_LIMIT + 10 }, (_, i) => save(racer, `模板${i}`)),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(SEARCH_TEMPLATE_LIMIT);
    const refused = results.filter((r) => r.code !== 200);
    expect(refused).toHaveLength(10);
    expect(refused[0].msg).toContain(`最多保存 ${SEARCH_TEMPLATE_LIMIT} 个模板`);
  });

  it("deletes only the owner's templates; someone else's id is not found", async () => {
    const { data: id } = await save(owner, '要删除的');
    const foreign = await callContract(deleteSearchConditionTemplate, { query: { id } }, as(other));
    expect(foreign.code).toBe(404);
    const own = await callContract(deleteSearchConditionTemplate, { query: { id } }, as(owner));
    expect(own.data).toBe(true);
    const again = await callContract(deleteSearchConditionTemplate, { query: { id } }, as(owner));
    expect(again.code).toBe(404);
  });
});

describe('search history', () => {
  it('lists the newest first with epoch-millisecond times, per kind', async () => {
    await callContract(recordSearchHistory, { body: { keyword: '软件' } }, as(owner));
    await callContract(
      recordSearchHistory,
      { body: { keyword: '', condition: { advanced: { logic: 'and', groups: [] } } } },
      as(owner),
    );
    const keyword = await callContract(
      getSearchConditionHistory,
      { query: { kind: 'keyword' } },
      as(owner),
    );
    expect(keyword.data.map((h) => h.keyword)).toEqual(['软件']);
    expect(typeof keyword.data[0].createTime).toBe('number');
    const all = await callContract(getSearchConditionHistory, {}, as(owner));
    expect(all.data.map((h) => h.kind)).toEqual(['advanced', 'keyword']);
  });

  it('keeps the order the user searched in when the writes land out of order', async () => {
    const u = await createTestUser({ edition: 4 });
    const first = new Date(Date.now() - 2000);
    const second = new Date(Date.now() - 1000);
    // The page does not wait for the write: the later search may be stored first.
    await recordAt(u, '后搜的', null, second);
    await recordAt(u, '先搜的', null, first);
    const list = await listSearchHistory(u.userId, { kind: 'keyword' });
    expect(list.map((h) => h.keyword)).toEqual(['后搜的', '先搜的']);
  });
});
