import 'server-only';
import { count, desc, eq } from 'drizzle-orm';
import { clueFollowUps, clues, users } from '@/db/schema';
import { getDb } from '@/lib/server/platform';
import { ownerScope } from '@/lib/server/identity';
import { getContactSummary } from '@/lib/server/enterprise';
import { CLUE_MESSAGES, CLUE_STATUS } from '@/lib/shared/clue/clue.constants';
import type {
  ClueContactList,
  FollowUpCreate,
  FollowUpView,
} from '@/lib/shared/clue/clue.contract';
import { afterFollowUp, followUpValues } from '../crm-query';
import { cluesInScope, type ClueActor } from './clue.service';
import { assertCodeValue } from '../code-group/code-group.service';

/**
 * A follow-up on a lead in the caller's scope. In one transaction: the record, then the lead's
 * last follow-up (now), next follow-up (as given; none clears it), count + 1, and 新线索 → 跟进中.
 */
export async function createFollowUp(actor: ClueActor, body: FollowUpCreate): Promise<number> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  await assertCodeValue(actor.tenantId, 'followUpChannel', body.channel, {
    message: CLUE_MESSAGES.channelInvalid,
    db,
  });
  return db.transaction(async (tx) => {
    const [lead] = await cluesInScope(actor, scope, [body.clueId], { db: tx, lock: true });
    const values = followUpValues(actor, body);
    const [row] = await tx
      .insert(clueFollowUps)
      .values({ ...values, clueId: lead.id })
      .returning({ id: clueFollowUps.id, createdAt: clueFollowUps.createdAt });
    await tx
      .update(clues)
      .set({
        ...afterFollowUp(clues.followCount, row.createdAt, values.nextFollowAt),
        status: lead.status === CLUE_STATUS.new ? CLUE_STATUS.following : lead.status,
      })
      .where(eq(clues.id, lead.id));
    return row.id;
  });
}

export async function listFollowUps(
  actor: ClueActor,
  q: { clueId: number; pageNo: number; pageSize: number },
): Promise<{ list: FollowUpView[]; total: number }> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  await cluesInScope(actor, scope, [q.clueId], { db });
  const where = eq(clueFollowUps.clueId, q.clueId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ f: clueFollowUps, userName: users.nickname })
      .from(clueFollowUps)
      .leftJoin(users, eq(users.id, clueFollowUps.userId))
      .where(where)
      .orderBy(desc(clueFollowUps.createdAt), desc(clueFollowUps.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ total: count() }).from(clueFollowUps).where(where),
  ]);
  return {
    total,
    list: rows.map(({ f, userName }) => ({
      id: f.id,
      clueId: f.clueId,
      userId: f.userId,
      userName,
      channel: f.channel,
      content: f.content,
      nextFollowTime: f.nextFollowAt?.getTime() ?? null,
      createTime: f.createdAt.getTime(),
    })),
  };
}

/**
 * The lead's own contact (as typed in, never masked: the tenant entered it) followed by the linked
 * company's contacts as the viewer may see them: masked unless the tenant unlocked the company
 * (the one masking path, enterprise.service toContactItem).
 */
export async function clueContactList(actor: ClueActor, id: number): Promise<ClueContactList> {
  const scope = await ownerScope(actor);
  const [lead] = await cluesInScope(actor, scope, [id]);
  const own: ClueContactList['list'] = [];
  const add = (type: ClueContactList['list'][number]['type'], value: string | null) => {
    if (!value) return;
    own.push({
      id: 0,
      type,
      value,
      masked: false,
      personName: lead.contactName,
      position: null,
      source: '线索',
      origin: 'clue',
    });
  };
  add('mobile', lead.contactMobile);
  add('phone', lead.contactPhone);
  add('email', lead.contactEmail);
  add('wechat', lead.wechat);
  if (!lead.enterpriseId)
    return { clueId: lead.id, enterpriseId: null, unlocked: false, list: own };
  const summary = await getContactSummary(lead.enterpriseId, actor);
  return {
    clueId: lead.id,
    enterpriseId: lead.enterpriseId,
    unlocked: summary.unlocked,
    list: [...own, ...summary.list.map((c) => ({ ...c, origin: 'enterprise' as const }))],
  };
}
