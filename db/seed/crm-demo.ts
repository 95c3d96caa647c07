import { getPool } from '@/lib/server/platform/db';
import { createClue, updateStatus } from '@/lib/server/crm/clue/clue.service';
import { createFollowUp } from '@/lib/server/crm/clue/clue-follow-up.service';
import { convertFromClue } from '@/lib/server/crm/customer/convert.service';
import { lose, moveStage, win } from '@/lib/server/crm/opportunity/opportunity.service';
import { listStages } from '@/lib/server/crm/opportunity/stage.service';
import {
  clueCreateSchema,
  followUpCreateSchema,
  updateStatusSchema,
} from '../../lib/shared/clue/clue.contract';
import { CLUE_SOURCES, FOLLOW_UP_CHANNELS } from '../../lib/shared/clue/clue.constants';
import { convertFromClueSchema } from '../../lib/shared/customer/customer.contract';

/** The demo tenant whose sales pages show a worked example (the standard edition, README). */
const DEMO_CRM_ADMIN = 'standard_admin';
const DEMO_CRM_STAFF = 'standard_staff';
const LEADS = 30;
const DAY = 86_400_000;

const NOTES = [
  '电话沟通，对方对产品感兴趣，约下周演示',
  '已加微信，发送了产品资料和报价单',
  '上门拜访采购负责人，了解年度预算',
  '邮件发送方案，等待技术部门评估',
  '对方在比较几家供应商，下周再跟进',
];

/**
 * Leads, follow-ups, customers and opportunities for the demo tenant on the first start, made
 * through the same services the API uses, so a newcomer's 线索管理, 客户列表 and 商机管理 are
 * not empty. Runs only while that tenant has no lead; a failure leaves the site as it is.
 */
export async function seedDemoCrm(): Promise<number> {
  const pool = getPool();
  const { rows: people } = await pool.query<{ id: number; tenant_id: number; username: string }>(
    'select id::int, tenant_id::int, username from users where username = any($1::text[])',
    [[DEMO_CRM_ADMIN, DEMO_CRM_STAFF]],
  );
  const admin = people.find((p) => p.username === DEMO_CRM_ADMIN);
  const staff = people.find((p) => p.username === DEMO_CRM_STAFF);
  if (!admin) return 0;
  const actor = { userId: admin.id, tenantId: admin.tenant_id };
  const { rows: has } = await pool.query('select 1 from clues where tenant_id = $1 limit 1', [
    actor.tenantId,
  ]);
  if (has.length > 0) return 0;
  const { rows: companies } = await pool.query<{ id: number; name: string }>(
    'select id::int, name from enterprises order by id limit $1',
    [LEADS],
  );

  const leads: { id: number; name: string }[] = [];
  for (const [i, c] of companies.entries()) {
    const id = await createClue(
      actor,
      clueCreateSchema.parse({
        enterpriseId: c.id,
        source: CLUE_SOURCES[i % 6],
        followUserId: staff && i % 3 === 2 ? staff.id : admin.id,
      }),
    );
    leads.push({ id, name: c.name });
  }

  // Half are being worked: a follow-up each, the next one due from yesterday to next week.
  const now = Date.now();
  for (const [i, lead] of leads.slice(0, 15).entries()) {
    await createFollowUp(
      actor,
      followUpCreateSchema.parse({
        clueId: lead.id,
        channel: FOLLOW_UP_CHANNELS[i % 4],
        content: NOTES[i % NOTES.length],
        nextFollowTime: now + ((i % 8) - 1) * DAY,
      }),
    );
  }
  await updateStatus(
    actor,
    updateStatusSchema.parse({
      ids: leads.slice(15, 18).map((l) => l.id),
      status: 3,
      invalidReason: '暂无采购需求',
    }),
  );

  // Six became customers with an opportunity, spread over the pipeline.
  const stages = await listStages(actor);
  const open = stages.filter((s) => s.type === 'open');
  for (const [i, lead] of leads.slice(0, 6).entries()) {
    const converted = await convertFromClue(
      actor,
      convertFromClueSchema.parse({
        clueId: lead.id,
        level: (['A', 'B', 'B', 'C'] as const)[i % 4],
        opportunity: { name: `${lead.name}年度采购`, amount: (i + 1) * 4_800_000 },
      }),
    );
    const opp = converted.opportunityId;
    if (opp === null) continue;
    // The first stays in 初步接洽; the next three move along; one is won, one lost.
    if (i === 4) await win(actor, opp);
    else if (i === 5) await lose(actor, opp, '预算未通过');
    else if (i > 0 && open[i]) await moveStage(actor, { id: opp, stageId: open[i].id });
  }
  return leads.length;
}
