import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  aiMessages,
  aiTasks,
  backgroundJobs,
  clueFollowUps,
  clues,
  customerFollowUps,
  customers,
  departments,
  enterpriseContacts,
  enterpriseReports,
  enterpriseUnlocks,
  joinRequests,
  notifications,
  opportunities,
  opportunityStages,
  orders,
  outreachTasks,
  roles,
  savedListViews,
  searchConditionTemplates,
  tenants,
  users,
} from '@/db/schema';
import { getDb } from '@/lib/server/platform/db';
import { ensureStages } from '@/lib/server/crm/opportunity/stage.service';
import { verifyAccessToken } from '@/lib/server/identity/auth/token.service';
import { BUILT_IN_ROLES } from '@/lib/shared/auth/permission';
import { plantEnterprise } from '@/lib/server/enterprise/__tests__/fixtures';
import { callApi, createTestUser, type TestUser } from '@/test/helpers/api';
import { CRM_PERMISSIONS, scopedRole } from '@/test/helpers/crm-team';

/**
 * The owner tenant of the access suite (ADR 0207): an administrator whose rows across the domains
 * carry unique random markers, and the callers that must never see them.
 *
 * Two markers: PRIVATE sits in rows one member owns (leads, customers, opportunities, follow-ups,
 * a private saved view, AI threads, add-contact tasks, reports, search templates, jobs, messages);
 * TENANT in rows the whole tenant shares (its name, members, departments, roles, orders, join
 * requests, and the contacts it unlocked). A colleague may read TENANT rows, never PRIVATE ones;
 * another tenant neither.
 */

/** A token no generator, seed or fixture could produce by chance. */
const marker = (kind: string) => `${kind}${randomBytes(5).toString('hex')}`;

export type OwnerIds = {
  tenantId: number;
  adminId: number;
  clueId: number;
  /** A second lead of the administrator (a merge names two). */
  secondClueId: number;
  customerId: number;
  opportunityId: number;
  stageId: number;
  viewId: number;
  aiTaskId: number;
  aiMessageId: number;
  outreachTaskId: number;
  reportId: number;
  templateId: number;
  orderId: number;
  jobId: number;
  notificationId: number;
  joinRequestId: number;
  roleId: number;
  deptId: number;
  enterpriseId: number;
};

export type Owner = {
  admin: TestUser;
  ids: OwnerIds;
  privateMarker: string;
  tenantMarker: string;
  /** The unlocked company's real mobile: only the owner tenant may read it. */
  unlockedMobile: string;
};

/** Plants the owner's rows (straight into the database: the suite tests reading, not creating). */
export async function seedOwner(): Promise<Owner> {
  const db = getDb();
  const P = marker('p');
  const T = marker('t');
  const admin = await createTestUser({
    roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
    edition: 4,
  });
  const tenantId = admin.tenantId!;
  const adminId = admin.userId;
  await db
    .update(tenants)
    .set({ name: `${T}有限公司` })
    .where(eq(tenants.id, tenantId));
  const [dept] = await db
    .insert(departments)
    .values({ tenantId, name: `${T}总经办` })
    .returning({ id: departments.id });
  await db
    .update(users)
    .set({ nickname: `${T}管理员`, deptId: dept.id })
    .where(eq(users.id, adminId));
  const [role] = await db
    .insert(roles)
    .values({ tenantId, code: `r${T}`, name: `${T}角色`, dataScope: 1, builtIn: false })
    .returning({ id: roles.id });

  const unlockedMobile = `137${String(Date.now()).slice(-8)}`;
  // Company data is public; what is the tenant's own is that it unlocked the company's contacts.
  const ent = await plantEnterprise({ name: '访问套件测试科技有限公司' });
  await db.insert(enterpriseContacts).values({
    enterpriseId: ent.id,
    type: 'mobile',
    value: unlockedMobile,
    personName: '赵六',
    source: '官网',
  });
  await db.insert(enterpriseUnlocks).values({ tenantId, enterpriseId: ent.id, userId: adminId });

  const owned = { tenantId, ownerUserId: adminId, creatorUserId: adminId };
  const [clue] = await db
    .insert(clues)
    .values({
      ...owned,
      name: `${P}线索公司`,
      source: '手动录入',
      contactName: `${P}联系人`,
      remark: P,
    })
    .returning({ id: clues.id });
  const [secondClue] = await db
    .insert(clues)
    .values({ ...owned, name: `${P}线索二`, source: '手动录入', remark: P })
    .returning({ id: clues.id });
  await db
    .insert(clueFollowUps)
    .values({ tenantId, clueId: clue.id, userId: adminId, channel: 'phone', content: P });
  const [customer] = await db
    .insert(customers)
    .values({ ...owned, name: `${P}客户公司`, source: '手动录入', remark: P })
    .returning({ id: customers.id });
  await db
    .insert(customerFollowUps)
    .values({ tenantId, customerId: customer.id, userId: adminId, channel: 'phone', content: P });
  // The tenant's stages as the product makes them (won and lost included), the first renamed.
  const stage = (await ensureStages(tenantId)).find((st) => st.type === 'open')!;
  await db
    .update(opportunityStages)
    .set({ name: `${T}阶段` })
    .where(eq(opportunityStages.id, stage.id));
  const [opportunity] = await db
    .insert(opportunities)
    .values({
      ...owned,
      customerId: customer.id,
      stageId: stage.id,
      name: `${P}商机`,
      amount: 1000,
      probability: 30,
      remark: P,
    })
    .returning({ id: opportunities.id });
  const [view] = await db
    .insert(savedListViews)
    .values({ tenantId, userId: adminId, listKey: 'clue', name: `${P}视图`, state: {} })
    .returning({ id: savedListViews.id });
  const [aiTask] = await db
    .insert(aiTasks)
    .values({ tenantId, userId: adminId, name: `${P}对话`, lastMessage: P, messageCount: 1 })
    .returning({ id: aiTasks.id });
  const [aiMessage] = await db
    .insert(aiMessages)
    .values({
      taskId: aiTask.id,
      tenantId,
      userId: adminId,
      type: 1,
      subType: 2,
      status: 2,
      content: P,
      replyContent: P,
      title: P,
    })
    .returning({ id: aiMessages.id });
  const [outreach] = await db
    .insert(outreachTasks)
    .values({
      tenantId,
      userId: adminId,
      aiTaskId: aiTask.id,
      messageId: aiMessage.id,
      requestId: P,
      title: `${P}加微`,
      greeting: P,
      dailyCap: 10,
      endTime: new Date(Date.now() + 86_400_000),
      companyCount: 1,
      total: 1,
      reserved: 0,
    })
    .returning({ id: outreachTasks.id });
  const [job] = await db
    .insert(backgroundJobs)
    .values({
      tenantId,
      userId: adminId,
      kind: 'clue-export',
      status: 'succeeded',
      title: `${P}导出`,
      params: { note: P },
      message: P,
      fileName: `${P}.xlsx`,
    })
    .returning({ id: backgroundJobs.id });
  const [report] = await db
    .insert(enterpriseReports)
    .values({
      tenantId,
      userId: adminId,
      enterpriseId: ent.id,
      entName: `${P}报告企业`,
      templateName: `${P}模板`,
      sections: ['basic'],
      jobId: job.id,
      content: { note: P },
    })
    .returning({ id: enterpriseReports.id });
  const [template] = await db
    .insert(searchConditionTemplates)
    .values({ tenantId, userId: adminId, name: `${P}条件`, condition: { keyword: P } })
    .returning({ id: searchConditionTemplates.id });
  const [order] = await db
    .insert(orders)
    .values({
      orderNo: `${T}`.slice(0, 30),
      qrcodeKey: T,
      tenantId,
      userId: adminId,
      channel: 'wechat',
      subject: `${T}会员`,
      amountFen: 100,
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: orders.id });
  const [notification] = await db
    .insert(notifications)
    .values({ tenantId, userId: adminId, title: `${P}消息`, content: P })
    .returning({ id: notifications.id });
  const applicant = await createTestUser({ noTenant: true });
  await db
    .update(users)
    .set({ nickname: `${T}申请人` })
    .where(eq(users.id, applicant.userId));
  const [joinRequest] = await db
    .insert(joinRequests)
    .values({ tenantId, userId: applicant.userId, mobile: unlockedMobile })
    .returning({ id: joinRequests.id });

  return {
    admin,
    privateMarker: P,
    tenantMarker: T,
    unlockedMobile,
    ids: {
      tenantId,
      adminId,
      clueId: clue.id,
      secondClueId: secondClue.id,
      customerId: customer.id,
      opportunityId: opportunity.id,
      stageId: stage.id,
      viewId: view.id,
      aiTaskId: aiTask.id,
      aiMessageId: aiMessage.id,
      outreachTaskId: outreach.id,
      reportId: report.id,
      templateId: template.id,
      orderId: order.id,
      jobId: job.id,
      notificationId: notification.id,
      joinRequestId: joinRequest.id,
      roleId: role.id,
      deptId: dept.id,
      enterpriseId: ent.id,
    },
  };
}

/**
 * One text for every planted row as it is now: a write that crossed a tenant or a data scope
 * (an update, a delete, a reassignment) changes it.
 */
export async function ownerSnapshot(o: Owner): Promise<string> {
  const i = o.ids;
  const rows = await getDb().execute(sql`
    select
      (select string_agg(row_to_json(t)::text, ',' order by id) from clues t where id in (${i.clueId}, ${i.secondClueId})) as clues,
      (select string_agg(row_to_json(t)::text, ',' order by id) from clue_follow_ups t where clue_id = ${i.clueId}) as clue_follow_ups,
      (select row_to_json(t)::text from customers t where id = ${i.customerId}) as customer,
      (select string_agg(row_to_json(t)::text, ',' order by id) from customer_follow_ups t where customer_id = ${i.customerId}) as customer_follow_ups,
      (select row_to_json(t)::text from opportunities t where id = ${i.opportunityId}) as opportunity,
      (select row_to_json(t)::text from opportunity_stages t where id = ${i.stageId}) as stage,
      (select row_to_json(t)::text from saved_list_views t where id = ${i.viewId}) as view,
      (select row_to_json(t)::text from ai_tasks t where id = ${i.aiTaskId}) as ai_task,
      (select row_to_json(t)::text from ai_messages t where id = ${i.aiMessageId}) as ai_message,
      (select row_to_json(t)::text from outreach_tasks t where id = ${i.outreachTaskId}) as outreach,
      (select row_to_json(t)::text from enterprise_reports t where id = ${i.reportId}) as report,
      (select row_to_json(t)::text from search_condition_templates t where id = ${i.templateId}) as template,
      (select row_to_json(t)::text from orders t where id = ${i.orderId}) as orders,
      (select row_to_json(t)::text from background_jobs t where id = ${i.jobId}) as job,
      (select row_to_json(t)::text from notifications t where id = ${i.notificationId}) as notification,
      (select row_to_json(t)::text from join_requests t where id = ${i.joinRequestId}) as join_request,
      (select row_to_json(t)::text from roles t where id = ${i.roleId}) as role,
      (select row_to_json(t)::text from departments t where id = ${i.deptId}) as dept,
      (select json_build_object('status', status, 'tenant', tenant_id, 'dept', dept_id, 'nickname', nickname, 'mobile', mobile)::text from users where id = ${i.adminId}) as admin,
      (select string_agg(role_id::text, ',' order by role_id) from user_roles where user_id = ${i.adminId}) as admin_roles,
      (select json_build_object('name', name, 'status', status, 'edition', edition)::text from tenants where id = ${i.tenantId}) as tenant,
      (select count(*)::text from enterprise_unlocks where tenant_id = ${i.tenantId}) as unlocks`);
  return JSON.stringify(rows.rows[0]);
}

/**
 * A tenant role with data scope `dataScope` (5 仅本人, 3 本部门) holding what the built-in employee
 * holds plus every button of leads, customers and opportunities, so that scoped routes reach their
 * handler and only the data scope stands between the caller and the owner's rows. Tools of the
 * whole tenant by design (数据管理, 代码组, 商机阶段, 不再联系) stay with administrators.
 */
async function scopedEmployeeRole(code: string, dataScope: number): Promise<void> {
  await scopedRole(code, dataScope, CRM_PERMISSIONS);
  await getDb().execute(sql`
    insert into role_menus (role_id, menu_id)
    select r.id, rm.menu_id from roles r, role_menus rm
     where r.code = ${code} and rm.role_id = (select id from roles where code = 'employee' and tenant_id is null)
    on conflict do nothing`);
  await getDb().execute(sql`
    delete from role_menus where role_id = (select id from roles where code = ${code})
       and menu_id in (select id from menus where permission = 'szjk:opportunity:stage')`);
}

/** The kinds of caller the suite sends every operation as. */
export const CALLER_KINDS = [
  'anonymous',
  'revoked token',
  'disabled user',
  "another tenant's admin",
  'employee outside the scope (仅本人)',
  'employee outside the scope (本部门)',
  'employee without the permission',
] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

/** Callers that are signed in and must stay so between routes. */
export type LiveKind = Exclude<CallerKind, 'anonymous' | 'revoked token' | 'disabled user'>;

type CallerSet = Record<CallerKind, TestUser | null>;

/**
 * Creates the callers. The two scoped employees hold every szjk button (so a guarded route reaches
 * its handler and only the data scope stands between them and the owner's rows): one 仅本人, one
 * 本部门 in another department. The employee without the permission holds no button at all.
 */
export async function createCallers(o: Owner): Promise<{
  callers: CallerSet;
  renew: (kind: LiveKind) => Promise<void>;
  ensureAlive: () => Promise<LiveKind[]>;
}> {
  const tenantId = o.ids.tenantId;
  const db = getDb();
  const tag = randomBytes(3).toString('hex');
  const selfRole = `acc_self_${tag}`;
  const deptRole = `acc_dept_${tag}`;
  const noneRole = `acc_none_${tag}`;
  await scopedEmployeeRole(selfRole, 5);
  await scopedEmployeeRole(deptRole, 3);
  await scopedRole(noneRole, 5, []);
  const [otherDept] = await db
    .insert(departments)
    .values({ tenantId, name: '市场部' })
    .returning({ id: departments.id });

  const makers: Record<LiveKind, () => Promise<TestUser>> = {
    "another tenant's admin": () =>
      createTestUser({
        roleCodes: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
        edition: 4,
      }),
    'employee outside the scope (仅本人)': () =>
      createTestUser({ tenantId, roleCodes: [selfRole] }),
    'employee outside the scope (本部门)': async () => {
      const u = await createTestUser({ tenantId, roleCodes: [deptRole] });
      await db.update(users).set({ deptId: otherDept.id }).where(eq(users.id, u.userId));
      return u;
    },
    'employee without the permission': () => createTestUser({ tenantId, roleCodes: [noneRole] }),
  };

  // A session the owner's member ended (logout), and a member the administrator disabled.
  const revoked = await createTestUser({ tenantId, roleCodes: [BUILT_IN_ROLES.admin.code] });
  const out = await callApi('POST', '/system/auth/logout', {
    token: revoked.accessToken,
    tenantId,
  });
  if (out.code !== 200) throw new Error(`logout failed: ${out.msg}`);
  const disabled = await createTestUser({ tenantId, roleCodes: [BUILT_IN_ROLES.admin.code] });
  const off = await callApi('PUT', '/system/user/update-status', {
    token: o.admin.accessToken,
    tenantId,
    body: { id: disabled.userId, status: 1 },
  });
  if (off.code !== 200) throw new Error(`disabling failed: ${off.msg}`);

  const callers = {
    anonymous: null,
    'revoked token': revoked,
    'disabled user': disabled,
  } as CallerSet;
  for (const kind of Object.keys(makers) as LiveKind[]) callers[kind] = await makers[kind]();

  const renew = async (kind: LiveKind) => {
    callers[kind] = await makers[kind]();
  };
  /** Renews a caller whose session a route ended (its own logout, password change, dissolving). */
  const ensureAlive = async () => {
    const renewed: LiveKind[] = [];
    for (const kind of Object.keys(makers) as LiveKind[]) {
      const token = callers[kind]!.accessToken;
      if (!(await verifyAccessToken(token))) {
        await renew(kind);
        renewed.push(kind);
      }
    }
    return renewed;
  };
  return { callers, renew, ensureAlive };
}
