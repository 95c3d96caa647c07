import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  clues,
  enterpriseContacts,
  enterpriseUnlocks,
  outreachContacts,
  outreachTasks,
  smsCodes,
  users,
} from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { addCredits } from '@/lib/server/commerce/outreach-credit/outreach-credit.service';
import { createAddWeixinTask, getAddWeixinTaskDetail } from '@/lib/shared/ai/outreach.contract';
import { callContract, type TestUser } from '@/test/helpers/api';
import { as } from '@/test/helpers/crm-team';
import { until } from '@/test/helpers/until';
import { OUTREACH_STATUS } from '@/lib/shared/ai/outreach.constants';
import { runOutreachSchedule } from '../outreach-schedule';

/** 加微任务 test data: companies with unlocked numbers, credits, and a task created through the API. */
export const tag = `${process.pid}${Math.floor(Math.random() * 1e5)}`;

let mobileSeq = Math.floor(Math.random() * 1e6);
export const nextMobile = () => `136${String(++mobileSeq).padStart(8, '0')}`;
let entSeq = 0;

/** n companies with `mobiles` unlocked mobile numbers each (unlocked for `u`'s tenant). */
export async function companies(
  u: TestUser,
  n: number,
  opts: { mobiles?: number; unlocked?: boolean; lead?: boolean } = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    entSeq += 1;
    const ent = await plantEnterprise({ name: `加微${tag}测试${entSeq}有限公司` });
    const rows = Array.from({ length: opts.mobiles ?? 1 }, () => ({
      enterpriseId: ent.id,
      type: 'mobile',
      value: nextMobile(),
      personName: '李经理',
      source: '官网',
    }));
    if (rows.length > 0) await getDb().insert(enterpriseContacts).values(rows);
    if (opts.unlocked !== false)
      await getDb()
        .insert(enterpriseUnlocks)
        .values({ tenantId: u.tenantId!, enterpriseId: ent.id, userId: u.userId });
    if (opts.lead)
      await getDb()
        .insert(clues)
        .values({
          tenantId: u.tenantId!,
          enterpriseId: ent.id,
          name: `加微${tag}测试${entSeq}有限公司`,
          ownerUserId: u.userId,
          creatorUserId: u.userId,
          source: '手动录入',
        });
    ids.push(ent.id);
  }
  return ids;
}

/** Plants the SMS code of the day's first task (scene 4) for `u` and answers it. */
export async function smsCodeFor(u: TestUser): Promise<string> {
  const [me] = await getDb()
    .select({ mobile: users.mobile })
    .from(users)
    .where(eq(users.id, u.userId));
  const code = String(100000 + Math.floor(Math.random() * 899999));
  await getDb()
    .insert(smsCodes)
    .values({
      mobile: me.mobile!,
      scene: 4,
      code: createHash('sha256').update(`${me.mobile}:4:${code}`).digest('hex'),
      createIp: '10.0.0.1',
      expiresAt: new Date(Date.now() + 600_000),
    });
  return code;
}

let req = 0;
export const body = (entIds: number[], extra: Record<string, unknown> = {}) => ({
  entIds,
  title: '厦门软件企业',
  greeting: '您好，我是拓客雷达的顾问，想和您交流一下合作。',
  dailyCap: 100,
  windowStartHour: 0,
  windowEndHour: 24,
  endTime: Date.now() + 86_400_000,
  requestId: `req${tag}x${++req}`,
  ...extra,
});

export async function create(u: TestUser, b: Record<string, unknown>) {
  return callContract(createAddWeixinTask, { body: { ...b, smsCode: await smsCodeFor(u) } }, as(u));
}

export async function grant(u: TestUser, amount: number) {
  await getDb().transaction((tx) =>
    addCredits(tx, u.tenantId!, amount, 'grant', `test:${tag}:${++req}`),
  );
}

export const detail = async (u: TestUser, messageId: number) =>
  (await callContract(getAddWeixinTaskDetail, { query: { messageId, pageSize: 100 } }, as(u))).data;

/** The task's row as it is now. */
export async function taskRow(id: number) {
  return (await getDb().select().from(outreachTasks).where(eq(outreachTasks.id, id)))[0];
}

/** Contacts of the task claimed so far (sent, being sent or answered: `sent_at` set). */
export async function claimedCount(id: number): Promise<number> {
  const [r] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(outreachContacts)
    .where(and(eq(outreachContacts.taskId, id), sql`${outreachContacts.sentAt} is not null`));
  return r.n;
}

/** Runs the schedule (resumes after a pause, collects answers) until the task has ended. */
export async function scheduleUntilEnded(id: number, ms: number): Promise<void> {
  await until(
    `task ${id} to end`,
    async () => {
      await runOutreachSchedule();
      return (await taskRow(id)).status === OUTREACH_STATUS.ended;
    },
    ms,
  );
}
