import 'server-only';
import { and, asc, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import {
  aiMessages,
  aiTasks,
  clues,
  enterpriseContacts,
  enterprises,
  outreachContacts,
  outreachOptOuts,
  outreachTasks,
  socialUsers,
  users,
} from '@/db/schema';
import type {
  AddWeixinPrice,
  AddWeixinTask,
  CluePoolEnt,
  CreateAddWeixinTaskBody,
  OptOutView,
  OutreachContactView,
} from '@/lib/shared/ai/outreach.contract';
import {
  OUTREACH_COMPANIES_MAX,
  OUTREACH_CONTACT_STATE as S,
  OUTREACH_CREDITS_PER_CONTACT,
  OUTREACH_DURATION_MAX_DAYS,
  OUTREACH_EXPORT_KIND,
  OUTREACH_JOB_KIND,
  OUTREACH_LOW_BALANCE,
  OUTREACH_REASON,
  OUTREACH_STATE_TEXT,
  OUTREACH_STATUS,
  OUTREACH_TEXT as T,
  CLUE_OUTREACH_PERMISSION,
} from '@/lib/shared/ai/outreach.constants';
import {
  AI_MESSAGE_STATUS,
  AI_MESSAGE_TYPE,
  AI_SUB_TYPE,
  AI_TASK_STATUS,
} from '@/lib/shared/ai/ai.constants';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { hasPermission } from '@/lib/shared/auth/permission';
import {
  ApiError,
  apiError,
  enqueueJob,
  getDb,
  type JobTx,
  type TenantAuthContext,
} from '@/lib/server/platform';
import { notify, NOTIFY_KINDS, ownerScope, scopePredicate } from '@/lib/server/identity';
import {
  creditBalance,
  creditPacks,
  CreditShortError,
  reserveCredits,
} from '@/lib/server/commerce';
import { unlockedIds } from '@/lib/server/enterprise';
import { getOwnTask, refreshTaskSummary } from '../ai-store';
import { getOutreachProvider, isMobile } from './provider';
import { endTask } from './outreach-end';
import { pushTask } from './outreach-push';
import { maskMobile } from './outreach-answers';
import { chinaDayStartOf } from './outreach-time';
import { entNamesOf, outreachView, type OutreachTaskRow } from './outreach-view';

const DAY_MS = 86_400_000;
const bad = (msg: string) => new ApiError(ERRORS.BAD_REQUEST.code, msg);

async function viewsOf(rows: OutreachTaskRow[]): Promise<AddWeixinTask[]> {
  return (await viewsWithEnts(rows)).map((v) => v.view);
}

async function viewsWithEnts(rows: OutreachTaskRow[]) {
  const ents = await entNamesOf(rows.map((r) => r.id));
  const demo = getOutreachProvider().demo;
  return rows.map((r) => ({
    view: outreachView(r, ents.get(r.id) ?? [], demo),
    ents: ents.get(r.id) ?? [],
  }));
}

export async function viewOf(row: OutreachTaskRow): Promise<AddWeixinTask> {
  return (await viewsOf([row]))[0];
}

/**
 * A task the caller may see: their own, or (data scope wider than self, e.g. an admin) a
 * colleague's within the scope; anything else — another tenant's included — is 404.
 */
async function visibleTask(
  auth: TenantAuthContext,
  messageId: number,
  taskId?: number,
): Promise<OutreachTaskRow> {
  const scope = await ownerScope(auth);
  const [row] = await getDb()
    .select()
    .from(outreachTasks)
    .where(
      and(
        eq(outreachTasks.tenantId, auth.tenantId),
        eq(outreachTasks.messageId, messageId),
        taskId === undefined ? undefined : eq(outreachTasks.aiTaskId, taskId),
        scopePredicate(outreachTasks.userId, scope),
      ),
    )
    .limit(1);
  if (!row) throw apiError('NOT_FOUND');
  return row;
}

// ---- price and balance ----

export async function price(
  auth: TenantAuthContext,
  countAsked: number | undefined,
): Promise<AddWeixinPrice> {
  const [balance, packs, confirm] = await Promise.all([
    creditBalance(auth.tenantId),
    creditPacks(),
    confirmState(auth),
  ]);
  const need = (countAsked ?? 0) * OUTREACH_CREDITS_PER_CONTACT;
  return {
    unitCredits: OUTREACH_CREDITS_PER_CONTACT,
    balance,
    need,
    shortfall: Math.max(0, need - balance),
    packs,
    confirmRequired: confirm.required,
    confirmMobile: confirm.mobile ? maskMobile(confirm.mobile) : null,
  };
}

/**
 * Spec 9: the first paid task of a member's day is confirmed by an SMS code (60 s countdown in
 * the dialog). Required when the member has created no task since the start of today.
 */
async function confirmState(
  auth: TenantAuthContext,
): Promise<{ required: boolean; mobile: string | null }> {
  const [[today], [me]] = await Promise.all([
    getDb()
      .select({ n: count() })
      .from(outreachTasks)
      .where(
        and(
          eq(outreachTasks.tenantId, auth.tenantId),
          eq(outreachTasks.userId, auth.userId),
          gte(outreachTasks.createdAt, chinaDayStartOf(new Date())),
        ),
      ),
    getDb().select({ mobile: users.mobile }).from(users).where(eq(users.id, auth.userId)),
  ]);
  return { required: Number(today.n) === 0, mobile: me?.mobile ?? null };
}

// ---- create ----

type Picked = { entId: number; entName: string };

/** The companies of the request: picked ids, or the caller's leads (data scope) and their companies. */
async function pickedCompanies(
  auth: TenantAuthContext,
  body: CreateAddWeixinTaskBody,
): Promise<Picked[]> {
  const ids: number[] = [...new Set(body.entIds ?? [])];
  const clueIds = [...new Set(body.clueIds ?? [])];
  if (clueIds.length > 0) {
    // From 线索管理: contacting leads' companies is working the leads (follow-ups land on them).
    if (!hasPermission(auth.permissions, CLUE_OUTREACH_PERMISSION)) throw apiError('FORBIDDEN');
    const scope = await ownerScope(auth);
    const rows = await getDb()
      .select({ id: clues.id, enterpriseId: clues.enterpriseId })
      .from(clues)
      .where(
        and(
          eq(clues.tenantId, auth.tenantId),
          isNull(clues.deletedAt),
          scopePredicate(clues.ownerUserId, scope),
          sql`${clues.id} = any(${sql.param(clueIds)}::bigint[])`,
        ),
      );
    if (rows.length !== clueIds.length) throw apiError('OUTREACH_FOREIGN_COMPANIES');
    for (const r of rows) if (r.enterpriseId !== null) ids.push(r.enterpriseId);
  }
  const unique = [...new Set(ids)];
  if (unique.length > OUTREACH_COMPANIES_MAX)
    throw apiError('OUTREACH_TOO_MANY', { max: OUTREACH_COMPANIES_MAX });
  if (unique.length === 0) throw apiError('OUTREACH_NO_CONTACTS');
  const rows = await getDb()
    .select({ id: enterprises.id, name: enterprises.name })
    .from(enterprises)
    .where(sql`${enterprises.id} = any(${sql.param(unique)}::bigint[])`);
  if (rows.length !== unique.length) throw bad('所选企业不存在');
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return unique.map((id) => ({ entId: id, entName: names.get(id)! }));
}

type ContactPlan = {
  enterpriseId: number;
  entName: string;
  mobile: string | null;
  personName: string | null;
  state: number;
  reason: string | null;
};

/**
 * One row per unlocked mobile of the picked companies (each number once per task), and one
 * skipped row for a company without any: only the tenant's unlocked contacts are used.
 */
async function planContacts(tenantId: number, picked: Picked[]): Promise<ContactPlan[]> {
  const open = await unlockedIds(
    tenantId,
    picked.map((p) => p.entId),
  );
  const openIds = [...open];
  const mobiles = new Map<number, { value: string; personName: string | null }[]>();
  if (openIds.length > 0) {
    const rows = await getDb()
      .select({
        enterpriseId: enterpriseContacts.enterpriseId,
        value: enterpriseContacts.value,
        personName: enterpriseContacts.personName,
      })
      .from(enterpriseContacts)
      .where(
        and(
          eq(enterpriseContacts.type, 'mobile'),
          sql`${enterpriseContacts.enterpriseId} = any(${sql.param(openIds)}::bigint[])`,
        ),
      )
      .orderBy(asc(enterpriseContacts.enterpriseId), asc(enterpriseContacts.id));
    for (const r of rows) {
      const list = mobiles.get(r.enterpriseId) ?? [];
      list.push({ value: r.value, personName: r.personName });
      mobiles.set(r.enterpriseId, list);
    }
  }
  const seen = new Set<string>();
  const plan: ContactPlan[] = [];
  for (const p of picked) {
    const list = (mobiles.get(p.entId) ?? []).filter((m) => isMobile(m.value));
    let added = 0;
    for (const m of list) {
      if (seen.has(m.value)) continue;
      seen.add(m.value);
      added += 1;
      plan.push({
        enterpriseId: p.entId,
        entName: p.entName,
        mobile: m.value,
        personName: m.personName,
        state: S.queued,
        reason: null,
      });
    }
    if (added === 0)
      plan.push({
        enterpriseId: p.entId,
        entName: p.entName,
        mobile: null,
        personName: null,
        state: S.skipped,
        reason: open.has(p.entId) ? OUTREACH_REASON.noMobile : '企业未解锁，无可用手机号',
      });
  }
  return plan;
}

async function byRequestId(auth: TenantAuthContext, requestId: string) {
  const [row] = await getDb()
    .select()
    .from(outreachTasks)
    .where(
      and(
        eq(outreachTasks.tenantId, auth.tenantId),
        eq(outreachTasks.userId, auth.userId),
        eq(outreachTasks.requestId, requestId),
      ),
    );
  return row ?? null;
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** Inserts the contact rows in a few statements (a task may hold 10,000 companies). */
async function insertContacts(tx: JobTx, taskId: number, tenantId: number, plan: ContactPlan[]) {
  const CHUNK = 5000;
  for (let i = 0; i < plan.length; i += CHUNK) {
    const part = plan.slice(i, i + CHUNK);
    await tx.execute(sql`
      insert into outreach_contacts (task_id, tenant_id, seq, enterprise_id, ent_name, mobile, person_name, state, reason)
      select ${taskId}, ${tenantId}, u.seq, u.ent, u.name, u.mobile, u.person, u.state, u.reason
      from unnest(
        ${sql.param(part.map((_, j) => i + j))}::int[],
        ${sql.param(part.map((p) => p.enterpriseId))}::bigint[],
        ${sql.param(part.map((p) => p.entName))}::text[],
        ${sql.param(part.map((p) => p.mobile))}::text[],
        ${sql.param(part.map((p) => p.personName))}::text[],
        ${sql.param(part.map((p) => p.state))}::smallint[],
        ${sql.param(part.map((p) => p.reason))}::text[]
      ) as u(seq, ent, name, mobile, person, state, reason)`);
  }
}

/** 1010006011 with the whole price answer as data (spec 8: rejected with the full response). */
async function shortError(
  auth: TenantAuthContext,
  need: number,
  balance: number,
  contacts: number,
): Promise<ApiError> {
  const data = await price(auth, contacts);
  return new ApiError(
    ERRORS.ADD_CONTACT_BALANCE_INSUFFICIENT.code,
    `加微任务余额不足：需要 ${need} 次，剩余 ${balance} 次，请购买加微次数包`,
    data,
  );
}

export type ConfirmCode = (auth: TenantAuthContext, mobile: string, code: string) => Promise<void>;

/**
 * create-add-weixin-task. In one transaction: the conversation (a new one, subType 6, when none
 * is named), the assistant message carrying the card, the task with its greeting, one row per
 * contact, the reservation of one credit per contact (short: 1010006011 with the price as data,
 * nothing written) and the job. A repeated requestId answers the task it created.
 */
export async function createOutreachTask(
  auth: TenantAuthContext,
  body: CreateAddWeixinTaskBody,
  confirmCode: ConfirmCode,
): Promise<{ addWeixinTask: AddWeixinTask; created: boolean }> {
  // Repeats of one request in this process wait for the first (it may use up the SMS code they
  // all carry); across processes the unique index still lets only one task in.
  const key = `${auth.tenantId}:${auth.userId}:${body.requestId}`;
  const before = inFlight.get(key) ?? Promise.resolve();
  const mine = before.then(() => createOnce(auth, body, confirmCode));
  const settled = mine.catch(() => undefined);
  inFlight.set(key, settled);
  try {
    return await mine;
  } finally {
    if (inFlight.get(key) === settled) inFlight.delete(key);
  }
}

const inFlight = new Map<string, Promise<unknown>>();

async function createOnce(
  auth: TenantAuthContext,
  body: CreateAddWeixinTaskBody,
  confirmCode: ConfirmCode,
): Promise<{ addWeixinTask: AddWeixinTask; created: boolean }> {
  const now = Date.now();
  if (body.endTime <= now) throw bad(T.endTimePast);
  if (body.endTime > now + OUTREACH_DURATION_MAX_DAYS * DAY_MS) throw bad(T.endTimeTooFar);
  const again = await byRequestId(auth, body.requestId);
  if (again) return { addWeixinTask: await viewOf(again), created: false };
  if (body.taskId !== undefined) await getOwnTask(auth, body.taskId);

  const picked = await pickedCompanies(auth, body);
  const plan = await planContacts(auth.tenantId, picked);
  const queued = plan.filter((p) => p.state === S.queued).length;
  if (queued === 0) throw apiError('OUTREACH_NO_CONTACTS');
  const need = queued * OUTREACH_CREDITS_PER_CONTACT;

  // A short balance answers before the SMS code is used up, so the member can buy a pack and
  // send the same code again; the reservation below still decides under the account's lock.
  const balance = await creditBalance(auth.tenantId);
  if (balance < need) throw await shortError(auth, need, balance, queued);

  const confirm = await confirmState(auth);
  if (confirm.required) {
    if (!body.smsCode) throw apiError('OUTREACH_CONFIRM_REQUIRED');
    if (!confirm.mobile) throw bad('请先绑定手机号');
    await confirmCode(auth, confirm.mobile, body.smsCode);
  }

  let task: OutreachTaskRow | null = null;
  let balanceLeft = 0;
  try {
    await enqueueJob(
      { userId: auth.userId, tenantId: auth.tenantId },
      { kind: OUTREACH_JOB_KIND, title: `加微任务：${body.title}`, params: {} },
      {
        afterInsert: async (tx, job) => {
          let aiTaskId = body.taskId;
          const subType =
            aiTaskId === undefined ? AI_SUB_TYPE.addWeixinResult : AI_SUB_TYPE.addWeixin;
          if (aiTaskId === undefined) {
            const [t] = await tx
              .insert(aiTasks)
              .values({
                tenantId: auth.tenantId,
                userId: auth.userId,
                name: body.title,
                status: AI_TASK_STATUS.active,
                subType: AI_SUB_TYPE.addWeixinResult,
              })
              .returning({ id: aiTasks.id });
            aiTaskId = t.id;
          }
          const [message] = await tx
            .insert(aiMessages)
            .values({
              taskId: aiTaskId,
              tenantId: auth.tenantId,
              userId: auth.userId,
              type: AI_MESSAGE_TYPE.assistant,
              subType,
              status: AI_MESSAGE_STATUS.sent,
              content: `加微任务「${body.title}」：${picked.length} 家企业，${queued} 个手机号，打招呼：${body.greeting}`,
              title: body.title,
            })
            .returning({ id: aiMessages.id });
          const [row] = await tx
            .insert(outreachTasks)
            .values({
              tenantId: auth.tenantId,
              userId: auth.userId,
              aiTaskId,
              messageId: message.id,
              jobId: job.id,
              requestId: body.requestId,
              title: body.title,
              greeting: body.greeting,
              status: OUTREACH_STATUS.running,
              windowStartHour: body.windowStartHour,
              windowEndHour: body.windowEndHour,
              dailyCap: body.dailyCap,
              endTime: new Date(body.endTime),
              companyCount: picked.length,
              total: plan.length,
              reserved: need,
              skipped: plan.length - queued,
            })
            .returning();
          const r = await reserveCredits(tx, auth.tenantId, need, `task:${row.id}`);
          balanceLeft = r.balance;
          await insertContacts(tx, row.id, auth.tenantId, plan);
          // The job learns its task from its params (written here, in the same transaction).
          await tx.execute(
            sql`update background_jobs set params = ${JSON.stringify({ outreachTaskId: row.id })}::jsonb where id = ${job.id}`,
          );
          task = row;
        },
      },
    );
  } catch (err) {
    if (err instanceof CreditShortError) throw await shortError(auth, need, err.balance, queued);
    if (isUniqueViolation(err)) {
      const won = await byRequestId(auth, body.requestId);
      if (won) return { addWeixinTask: await viewOf(won), created: false };
    }
    throw err;
  }
  const created = task as unknown as OutreachTaskRow;
  await refreshTaskSummary(created.aiTaskId);
  if (balanceLeft <= OUTREACH_LOW_BALANCE)
    await notify({
      kind: NOTIFY_KINDS.outreachBalanceLow,
      tenantId: auth.tenantId,
      userIds: [auth.userId],
      tenantAdminsOf: auth.tenantId,
      title: '加微余额不足',
      content: `加微余额仅剩 ${balanceLeft} 次，请及时购买加微次数包，以免任务无法创建。`,
      link: '/memberCenter',
      onceKey: `outreach-low:${auth.tenantId}:${chinaDayStartOf(new Date()).toISOString().slice(0, 10)}`,
    }).catch(() => undefined);
  return { addWeixinTask: await viewOf(created), created: true };
}

// ---- stop, rename, remind ----

export async function stopOutreachTask(
  auth: TenantAuthContext,
  input: { messageId: number; taskId?: number },
): Promise<AddWeixinTask> {
  const task = await visibleTask(auth, input.messageId, input.taskId);
  if (task.status === OUTREACH_STATUS.ended) throw apiError('OUTREACH_ENDED');
  const ended = await endTask(task.id, 'stopped');
  // Two stops at once: the one that waited for the lock finds the task ended.
  if (!ended) throw apiError('OUTREACH_ENDED');
  return viewOf(ended);
}

export async function renameOutreachTask(
  auth: TenantAuthContext,
  input: { messageId: number; taskId?: number; title: string },
): Promise<AddWeixinTask> {
  const task = await visibleTask(auth, input.messageId, input.taskId);
  // The task and its card in the conversation carry the same title: both or neither.
  const row = await getDb().transaction(async (tx) => {
    const [renamed] = await tx
      .update(outreachTasks)
      .set({ title: input.title, updatedAt: sql`now()` })
      .where(eq(outreachTasks.id, task.id))
      .returning();
    await tx
      .update(aiMessages)
      .set({ title: input.title, updatedAt: sql`now()` })
      .where(eq(aiMessages.id, task.messageId));
    await pushTask(tx, task.id);
    return renamed;
  });
  return viewOf(row);
}

export async function setOutreachRemind(
  auth: TenantAuthContext,
  input: { messageId: number; taskId?: number; remind: boolean },
): Promise<AddWeixinTask> {
  const task = await visibleTask(auth, input.messageId, input.taskId);
  const row = await getDb().transaction(async (tx) => {
    const [changed] = await tx
      .update(outreachTasks)
      .set({ remind: input.remind, updatedAt: sql`now()` })
      .where(eq(outreachTasks.id, task.id))
      .returning();
    await pushTask(tx, task.id);
    return changed;
  });
  return viewOf(row);
}

// ---- detail and list ----

function contactView(c: typeof outreachContacts.$inferSelect): OutreachContactView {
  return {
    id: c.id,
    seq: c.seq,
    entId: c.enterpriseId,
    entName: c.entName,
    mobile: c.mobile ? maskMobile(c.mobile) : null,
    personName: c.personName,
    state: c.state,
    stateText: OUTREACH_STATE_TEXT[c.state] ?? '',
    reason: c.reason,
    sentTime: c.sentAt?.getTime() ?? null,
    answerTime: c.answeredAt?.getTime() ?? null,
  };
}

export async function outreachDetail(
  auth: TenantAuthContext,
  q: { messageId: number; taskId?: number; pageNo: number; pageSize: number; state?: number },
) {
  const task = await visibleTask(auth, q.messageId, q.taskId);
  const where = and(
    eq(outreachContacts.taskId, task.id),
    q.state === undefined ? undefined : eq(outreachContacts.state, q.state),
  );
  const [rows, [{ n }]] = await Promise.all([
    getDb()
      .select()
      .from(outreachContacts)
      .where(where)
      .orderBy(asc(outreachContacts.seq))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    getDb().select({ n: count() }).from(outreachContacts).where(where),
  ]);
  return { addWeixinTask: await viewOf(task), list: rows.map(contactView), total: Number(n) };
}

/**
 * 加微任务管理: the tasks within the caller's data scope (their own; a colleague's when the scope
 * reaches them — an admin sees the tenant's), newest first, by member and state; the owners the
 * filter offers are the scope's owners of tasks.
 */
export async function listOutreachTasks(
  auth: TenantAuthContext,
  q: { pageNo: number; pageSize: number; userId?: number; status?: number },
) {
  const scope = await ownerScope(auth);
  const inScope = and(
    eq(outreachTasks.tenantId, auth.tenantId),
    scopePredicate(outreachTasks.userId, scope),
  );
  const where = and(
    inScope,
    q.userId === undefined ? undefined : eq(outreachTasks.userId, q.userId),
    q.status === undefined ? undefined : eq(outreachTasks.status, q.status),
  );
  const [rows, [{ n }], owners] = await Promise.all([
    getDb()
      .select()
      .from(outreachTasks)
      .where(where)
      .orderBy(desc(outreachTasks.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    getDb().select({ n: count() }).from(outreachTasks).where(where),
    getDb()
      .selectDistinct({ userId: outreachTasks.userId, name: users.nickname })
      .from(outreachTasks)
      .innerJoin(users, eq(users.id, outreachTasks.userId))
      .where(inScope)
      .orderBy(users.nickname)
      .limit(500),
  ]);
  const names = new Map(owners.map((o) => [o.userId, o.name]));
  return {
    list: (await viewsOf(rows)).map((v) => ({ ...v, ownerName: names.get(v.userId) ?? '' })),
    total: Number(n),
    owners,
  };
}

/** The add-contact task of each message (spec 3 addWeixinTask and cluePoolEntList in the thread). */
export async function outreachByMessage(
  messageIds: number[],
): Promise<Map<number, { view: AddWeixinTask; ents: CluePoolEnt[] }>> {
  const out = new Map<number, { view: AddWeixinTask; ents: CluePoolEnt[] }>();
  if (messageIds.length === 0) return out;
  const rows = await getDb()
    .select()
    .from(outreachTasks)
    .where(sql`${outreachTasks.messageId} = any(${sql.param(messageIds)}::bigint[])`);
  for (const v of await viewsWithEnts(rows)) out.set(v.view.messageId, v);
  return out;
}

// ---- opt-out, follow check, export ----

export async function optOut(
  auth: TenantAuthContext,
  input: { mobile: string; reason?: string },
): Promise<true> {
  await getDb()
    .insert(outreachOptOuts)
    .values({ tenantId: auth.tenantId, mobile: input.mobile, reason: input.reason ?? null })
    .onConflictDoNothing();
  return true;
}

/** The tenant's 不再联系 list, newest first; `mobile` finds numbers containing the digits. */
export async function optOutList(
  auth: TenantAuthContext,
  q: { pageNo: number; pageSize: number; mobile?: string },
): Promise<{ list: OptOutView[]; total: number }> {
  const where = and(
    eq(outreachOptOuts.tenantId, auth.tenantId),
    q.mobile ? sql`strpos(${outreachOptOuts.mobile}, ${q.mobile}) > 0` : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    getDb()
      .select()
      .from(outreachOptOuts)
      .where(where)
      .orderBy(desc(outreachOptOuts.createdAt), asc(outreachOptOuts.mobile))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    getDb().select({ n: count() }).from(outreachOptOuts).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      mobile: r.mobile,
      reason: r.reason,
      createTime: r.createdAt.getTime(),
    })),
    total: Number(n),
  };
}

/** Takes a number off the list: tasks created or still queued may contact it again. */
export async function removeOptOut(
  auth: TenantAuthContext,
  input: { mobile: string },
): Promise<true> {
  const gone = await getDb()
    .delete(outreachOptOuts)
    .where(
      and(eq(outreachOptOuts.tenantId, auth.tenantId), eq(outreachOptOuts.mobile, input.mobile)),
    )
    .returning({ mobile: outreachOptOuts.mobile });
  if (gone.length === 0) throw bad('该手机号不在不再联系名单中');
  return true;
}

/** check_follow_weixin: the member's own WeChat is bound (spec 4.4), so it follows the account. */
export async function followsWeixin(auth: TenantAuthContext): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: socialUsers.id })
    .from(socialUsers)
    .where(eq(socialUsers.userId, auth.userId))
    .limit(1);
  return !!row;
}

export async function exportOutreachTask(
  auth: TenantAuthContext,
  input: { messageId: number; taskId?: number },
) {
  const task = await visibleTask(auth, input.messageId, input.taskId);
  return enqueueJob(
    { userId: auth.userId, tenantId: auth.tenantId },
    {
      kind: OUTREACH_EXPORT_KIND,
      title: `加微结果：${task.title}`,
      params: { outreachTaskId: task.id },
    },
  );
}
