import pg from 'pg';
import { and, eq, sql } from 'drizzle-orm';
import { enterpriseUnlocks, notifications, tenants } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { PUSH_CHANNEL, type PushEnvelope } from '@/lib/server/platform/push/push.types';
import { unlockEnterprise } from '@/lib/shared/enterprise/enterprise.contract';
import {
  getMyNotificationPage,
  getRemindStatus,
  getUnreadCount,
  updateAllNotificationsRead,
  updateNotificationRead,
} from '@/lib/shared/notify/notify.contract';
import { callContract, createTestUser, type TestUser } from '@/test/helpers/api';
import { notifyExpiringEditions } from '@/lib/server/commerce/vip/vip-notices';
import { NOTIFY_TARGETS, clueTarget, notificationTarget } from '@/lib/shared/notify/notify-links';
import { NOTIFY_KINDS, notify } from '../notify.service';

const DAY = 86_400_000;
const FORBIDDEN = { code: 403, msg: '当前操作没有权限' };
const as = (u: TestUser) => ({ token: u.accessToken, tenantId: u.tenantId });

async function send(u: TestUser, n: number, kind = 'system', title = '消息') {
  const ids: number[] = [];
  for (let i = 0; i < n; i++)
    ids.push(
      ...(await notify({
        kind,
        tenantId: u.tenantId,
        userIds: [u.userId],
        title: `${title}${i}`,
        content: '内容',
      })),
    );
  return ids;
}

const unread = async (u: TestUser) => (await callContract(getUnreadCount, {}, as(u))).data;

describe('unread count, my page, mark read', () => {
  it("counts, pages and filters the caller's messages", async () => {
    const me = await createTestUser();
    const other = await createTestUser();
    await send(me, 3, NOTIFY_KINDS.quotaLow, '额度');
    await send(me, 2, NOTIFY_KINDS.paymentSucceeded, '支付');
    await send(other, 4);
    expect(await unread(me)).toBe(5);

    const page = await callContract(
      getMyNotificationPage,
      { query: { pageNo: 1, pageSize: 2 } },
      as(me),
    );
    expect(page.code).toBe(200);
    expect(page.data.total).toBe(5);
    expect(page.data.list).toHaveLength(2);
    expect(page.data.list[0].title).toBe('支付1'); // newest first

    const byKind = await callContract(
      getMyNotificationPage,
      { query: { templateCode: 'quota_low' } },
      as(me),
    );
    expect(byKind.data.total).toBe(3);
    expect(byKind.data.list.every((n) => n.templateCode === 'quota_low')).toBe(true);

    const future = await callContract(
      getMyNotificationPage,
      { query: { beginTime: Date.now() + DAY } },
      as(me),
    );
    expect(future.data.total).toBe(0);
    const past = await callContract(
      getMyNotificationPage,
      { query: { endTime: Date.now() + 1000 } },
      as(me),
    );
    expect(past.data.total).toBe(5);
  });

  it('marks chosen messages read, then all; the read filter follows', async () => {
    const me = await createTestUser();
    const ids = await send(me, 4);
    const r = await callContract(
      updateNotificationRead,
      { query: { ids: ids.slice(0, 2).join(',') } },
      as(me),
    );
    expect(r).toMatchObject({ code: 200, data: true });
    expect(await unread(me)).toBe(2);
    const readOnes = await callContract(
      getMyNotificationPage,
      { query: { readStatus: 'true' } },
      as(me),
    );
    expect(readOnes.data.list.map((n) => n.id).sort()).toEqual(ids.slice(0, 2).sort());
    expect(readOnes.data.list.every((n) => n.readStatus && n.readTime !== null)).toBe(true);
    await callContract(updateAllNotificationsRead, {}, as(me));
    expect(await unread(me)).toBe(0);
  });

  it("refuses to mark another user's message read and marks nothing", async () => {
    const me = await createTestUser();
    const other = await createTestUser();
    const [mine] = await send(me, 1);
    const [theirs] = await send(other, 1);
    const r = await callContract(
      updateNotificationRead,
      { query: { ids: `${mine},${theirs}` } },
      as(me),
    );
    expect({ code: r.code, msg: r.msg }).toEqual(FORBIDDEN);
    expect(await unread(me)).toBe(1);
    expect(await unread(other)).toBe(1);
    const unknown = await callContract(
      updateNotificationRead,
      { query: { ids: '999999999' } },
      as(me),
    );
    expect(unknown.code).toBe(403);
  });

  it('refuses anonymous callers; accepts a user without an enterprise', async () => {
    for (const c of [getUnreadCount, getMyNotificationPage, updateAllNotificationsRead])
      expect((await callContract(c)).code).toBe(401);
    const loner = await createTestUser({ noTenant: true });
    expect((await callContract(getUnreadCount, {}, as(loner))).data).toBe(0);
  });

  it('refuses bad filters', async () => {
    const me = await createTestUser();
    const r = await callContract(
      getMyNotificationPage,
      { query: { templateCode: 'DROP TABLE' } },
      as(me),
    );
    expect(r.code).toBe(400);
  });
});

describe('remind status', () => {
  it('answers an enterprise member: unread, join requests for reviewers, edition expiry', async () => {
    const admin = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 2 });
    await getDb()
      .update(tenants)
      .set({ editionExpiresAt: new Date(Date.now() + 3 * DAY) })
      .where(eq(tenants.id, admin.tenantId!));
    await send(admin, 2);
    const r = await callContract(getRemindStatus, {}, as(admin));
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ unreadCount: 2, vipExpiringSoon: true, vipExpired: false });
  });

  it("answers 'No permission' (403), not 1002000010, without an enterprise token; 401 anonymously", async () => {
    const loner = await createTestUser({ noTenant: true });
    const r = await callContract(getRemindStatus, {}, as(loner));
    expect({ code: r.code, msg: r.msg }).toEqual(FORBIDDEN);
    expect((await callContract(getRemindStatus)).code).toBe(401);
  });
});

describe('notify(): stored and pushed at commit', () => {
  let listener: pg.Client;
  const received: PushEnvelope[] = [];

  beforeAll(async () => {
    listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    listener.on('notification', (m) => {
      if (m.channel === PUSH_CHANNEL && m.payload)
        received.push(JSON.parse(m.payload) as PushEnvelope);
    });
    await listener.query(`listen ${PUSH_CHANNEL}`);
  });
  afterAll(() => listener.end());

  async function pushedTo(userId: number, waitMs = 2000): Promise<PushEnvelope[]> {
    const until = Date.now() + waitMs;
    while (Date.now() < until) {
      const got = received.filter((e) => e.userId === userId);
      if (got.length > 0) return got;
      await new Promise((r) => setTimeout(r, 20));
    }
    return [];
  }

  it('pushes a notify message to each recipient with the stored id', async () => {
    const u = await createTestUser();
    const [id] = await notify({
      kind: 'system',
      tenantId: u.tenantId,
      userIds: [u.userId],
      title: '你好',
      content: '内容',
    });
    const got = await pushedTo(u.userId);
    expect(got).toEqual([
      {
        userId: u.userId,
        message: { type: 'notify', content: { id, kind: 'system', title: '你好', link: null } },
      },
    ]);
  });

  it("inside a producer's transaction: nothing stored or pushed when it rolls back", async () => {
    const u = await createTestUser();
    await expect(
      getDb().transaction(async (tx) => {
        await notify(
          { kind: 'system', tenantId: u.tenantId, userIds: [u.userId], title: 'x', content: 'y' },
          { tx },
        );
        throw new Error('producer failed');
      }),
    ).rejects.toThrow('producer failed');
    expect(await pushedTo(u.userId, 300)).toEqual([]);
    expect(await unread(u)).toBe(0);
  });

  it('sends a once-key only once, however often it is called', async () => {
    const u = await createTestUser();
    const input = {
      kind: 'system',
      tenantId: u.tenantId,
      userIds: [u.userId],
      title: 't',
      content: 'c',
      onceKey: `k:${u.userId}`,
    };
    const results = await Promise.all([notify(input), notify(input), notify(input)]);
    expect(results.filter((r) => r.length === 1)).toHaveLength(1);
    expect(await unread(u)).toBe(1);
  });
});

describe('producers', () => {
  it('quota running low: one message to the administrators when an unlock crosses 10 % left', async () => {
    // 个人版: 20 a month; 10 % is 2 left. 17 used → 3 left; the next unlock leaves 2.
    const admin = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 1 });
    await getDb()
      .update(tenants)
      .set({ editionExpiresAt: new Date(Date.now() + 100 * DAY) })
      .where(eq(tenants.id, admin.tenantId!));
    const ents = await getDb().execute<{ id: number }>(
      sql`select id from enterprises order by id limit 20`,
    );
    const entIds = ents.rows.map((r) => Number(r.id));
    await getDb()
      .insert(enterpriseUnlocks)
      .values(
        entIds.slice(0, 17).map((enterpriseId) => ({
          tenantId: admin.tenantId!,
          enterpriseId,
          userId: admin.userId,
        })),
      );
    const lowNotes = () =>
      getDb()
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, admin.userId), eq(notifications.templateCode, 'quota_low')),
        );
    const r1 = await callContract(unlockEnterprise, { body: { entId: entIds[17] } }, as(admin));
    expect(r1.code).toBe(200);
    const notes = await lowNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0].content).toContain('剩余解锁额度 2 条');
    expect(notes[0].link).toBe(NOTIFY_TARGETS.memberCenter);
    // Further unlocks below the line do not repeat it.
    expect(
      (await callContract(unlockEnterprise, { body: { entId: entIds[18] } }, as(admin))).code,
    ).toBe(200);
    expect(await lowNotes()).toHaveLength(1);
  });

  it('edition expiring in 7 days: one reminder per expiry date, however often the job runs', async () => {
    const admin = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 3 });
    const soon = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 2 });
    const later = await createTestUser({ roleCodes: ['admin', 'tenant_admin'], edition: 2 });
    const setExpiry = (u: TestUser, ms: number) =>
      getDb()
        .update(tenants)
        .set({ editionExpiresAt: new Date(Date.now() + ms) })
        .where(eq(tenants.id, u.tenantId!));
    await setExpiry(admin, 6 * DAY);
    await setExpiry(soon, 1 * DAY);
    await setExpiry(later, 8 * DAY);
    expect(await notifyExpiringEditions()).toBeGreaterThanOrEqual(2);
    expect(await notifyExpiringEditions()).toBe(0);
    const notesOf = async (u: TestUser) =>
      getDb()
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, u.userId), eq(notifications.templateCode, 'vip_expiring')),
        );
    expect(await notesOf(admin)).toHaveLength(1);
    expect((await notesOf(admin))[0].content).toContain('高级版');
    expect(await notesOf(soon)).toHaveLength(1);
    expect(await notesOf(later)).toHaveLength(0);
    // Renewed, and again within 7 days of the new date: reminded again.
    await setExpiry(admin, 5 * DAY);
    await notifyExpiringEditions();
    expect(await notesOf(admin)).toHaveLength(2);
  });
});

describe('messages lead to their object (issue 28 item 7)', () => {
  it('stores the link of a message, answers it on my page and pushes it', async () => {
    const me = await createTestUser();
    const [id] = await notify({
      kind: NOTIFY_KINDS.clueFollowUpDue,
      tenantId: me.tenantId,
      userIds: [me.userId],
      title: '线索待跟进',
      content: '内容',
      link: clueTarget(7),
    });
    const page = await callContract(getMyNotificationPage, { query: {} }, as(me));
    expect(page.data.list.find((n) => n.id === id)?.link).toBe('/clue/list?clue=7');
  });

  it('answers older messages (stored before the link) with link null, led by their kind', async () => {
    const me = await createTestUser();
    await getDb().insert(notifications).values({
      tenantId: me.tenantId,
      userId: me.userId,
      title: '支付成功',
      content: '订单已支付',
      templateCode: NOTIFY_KINDS.paymentSucceeded,
    });
    const page = await callContract(getMyNotificationPage, { query: {} }, as(me));
    const [old] = page.data.list;
    expect(old.link).toBeNull();
    expect(notificationTarget(old)).toBe(NOTIFY_TARGETS.orders);
  });

  it('refuses a link to another site', async () => {
    const me = await createTestUser();
    await expect(
      notify({
        kind: 'system',
        tenantId: me.tenantId,
        userIds: [me.userId],
        title: 't',
        content: 'c',
        link: '//evil.example/x',
      }),
    ).rejects.toThrow(/same-site/);
  });
});

describe('unread-count index', () => {
  it('answers from the partial unread index at 100,000 notifications for the tenant', async () => {
    const me = await createTestUser();
    const colleagues = await Promise.all(
      Array.from({ length: 9 }, () => createTestUser({ tenantId: me.tenantId! })),
    );
    const userIds = [me.userId, ...colleagues.map((c) => c.userId)];
    await getDb().execute(sql`
      insert into notifications (tenant_id, user_id, title, content, template_code, read_at, created_at)
      select ${me.tenantId}, (${sql.raw(`array[${userIds.join(',')}]`)})[1 + g % 10], '消息', '内容', 'system',
             case when (g / 10) % 20 = 0 then null else now() end, now() - (g || ' seconds')::interval
      from generate_series(1, 100000) g`);
    await getDb().execute(sql`analyze notifications`);
    const plan = await getDb().execute<{ 'QUERY PLAN': string }>(
      sql`explain select count(*) from notifications where user_id = ${me.userId} and read_at is null`,
    );
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('notifications_unread_idx');
    expect(text).not.toMatch(/Seq Scan on notifications/);
    expect(await unread(me)).toBe(500);
  });
});
