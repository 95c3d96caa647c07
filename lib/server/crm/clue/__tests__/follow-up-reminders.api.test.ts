import { and, eq } from 'drizzle-orm';
import { clues, notifications, users } from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { createTestUser, type TestUser } from '@/test/helpers/api';
import { NOTIFY_KINDS } from '@/lib/server/identity/notify/notify.service';
import { notifyDueFollowUps, REMINDER_LOOKBACK_MS } from '../follow-up-reminders';

const MIN = 60_000;
let seq = 0;

async function lead(
  owner: TestUser,
  nextFollowAt: Date | null,
  extra: Partial<typeof clues.$inferInsert> = {},
) {
  seq += 1;
  const [row] = await getDb()
    .insert(clues)
    .values({
      tenantId: owner.tenantId!,
      name: `提醒测试线索${seq}`,
      ownerUserId: owner.userId,
      creatorUserId: owner.userId,
      source: '手动录入',
      nextFollowAt,
      ...extra,
    })
    .returning();
  return row;
}

const reminders = (u: TestUser) =>
  getDb()
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, u.userId),
        eq(notifications.templateCode, NOTIFY_KINDS.clueFollowUpDue),
      ),
    );

describe('follow-up reminders', () => {
  it("reminds a lead's follow user once per follow-up time, in one message per member", async () => {
    const now = new Date();
    const owner = await createTestUser();
    const colleague = await createTestUser({ tenantId: owner.tenantId! });
    const a = await lead(owner, new Date(now.getTime() - 5 * MIN));
    const b = await lead(owner, new Date(now.getTime() - 1 * MIN));
    const c = await lead(colleague, new Date(now.getTime() - 2 * MIN));
    // Not due, too old, deleted, 无效, or without a time: nothing.
    await lead(owner, new Date(now.getTime() + 10 * MIN));
    await lead(owner, new Date(now.getTime() - REMINDER_LOOKBACK_MS - MIN));
    await lead(owner, new Date(now.getTime() - MIN), { deletedAt: now });
    await lead(owner, new Date(now.getTime() - MIN), { status: 3, invalidReason: '空号' });
    await lead(owner, null);

    expect(await notifyDueFollowUps(now)).toBeGreaterThanOrEqual(3);
    const mine = await reminders(owner);
    expect(mine).toHaveLength(1);
    expect(mine[0].title).toBe('2 条线索待跟进');
    expect(mine[0].content).toContain(a.name);
    expect(mine[0].content).toContain(b.name);
    // Several leads: the message opens 线索管理 › 待跟进; one lead: that lead.
    expect(mine[0].link).toBe('/clue/list?tab=due');
    const theirs = await reminders(colleague);
    expect(theirs.map((n) => n.title)).toEqual(['线索待跟进']);
    expect(theirs[0].content).toContain(c.name);
    expect(theirs[0].link).toBe(`/clue/list?clue=${c.id}`);

    // Running again (another instance, the next tick) sends nothing new.
    await notifyDueFollowUps(now);
    expect(await reminders(owner)).toHaveLength(1);

    // A new follow-up time that comes due is reminded again.
    const later = new Date(now.getTime() + 30 * MIN);
    await getDb().update(clues).set({ nextFollowAt: later }).where(eq(clues.id, a.id));
    await notifyDueFollowUps(new Date(later.getTime() + MIN));
    const again = await reminders(owner);
    expect(again).toHaveLength(2);
    // (with the lead that was due in ten minutes, which has come due by then too)
    expect(again.filter((n) => n.content.includes(a.name))).toHaveLength(2);
    expect(again.filter((n) => n.content.includes(b.name))).toHaveLength(1);
  });

  it('skips follow users who were disabled or left the enterprise', async () => {
    const now = new Date();
    const owner = await createTestUser();
    await lead(owner, new Date(now.getTime() - MIN));
    await getDb().update(users).set({ status: 1 }).where(eq(users.id, owner.userId));
    await notifyDueFollowUps(now);
    expect(await reminders(owner)).toHaveLength(0);
  });
});
