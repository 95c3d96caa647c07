import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { clueFollowUps, customerFollowUps, customers, users } from '@/db/schema';
import { getDb } from '@/lib/server/platform';
import { ownerScope } from '@/lib/server/identity';
import type {
  CustomerFollowUpCreate,
  CustomerFollowUpView,
} from '@/lib/shared/customer/customer.contract';
import { afterFollowUp, followUpValues } from '../crm-query';
import { customersInScope, type CustomerActor } from './customer.service';
import { assertCodeValue } from '../code-group/code-group.service';
import { CUSTOMER_MESSAGES } from '@/lib/shared/customer/customer.constants';

/**
 * A follow-up on a customer in the caller's scope. In one transaction with the customer locked:
 * the record, then the customer's last follow-up (the record's time), next follow-up (as given;
 * none clears it) and count + 1 — the rules of a lead's follow-up (ADR 0100).
 */
export async function createCustomerFollowUp(
  actor: CustomerActor,
  body: CustomerFollowUpCreate,
): Promise<number> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  await assertCodeValue(actor.tenantId, 'followUpChannel', body.channel, {
    message: CUSTOMER_MESSAGES.channelInvalid,
    db,
  });
  return db.transaction(async (tx) => {
    const [customer] = await customersInScope(actor, scope, [body.customerId], {
      db: tx,
      lock: true,
    });
    const values = followUpValues(actor, body);
    const [row] = await tx
      .insert(customerFollowUps)
      .values({ ...values, customerId: customer.id })
      .returning({ id: customerFollowUps.id, createdAt: customerFollowUps.createdAt });
    await tx
      .update(customers)
      .set(afterFollowUp(customers.followCount, row.createdAt, values.nextFollowAt))
      .where(eq(customers.id, customer.id));
    return row.id;
  });
}

type Row = {
  id: string;
  customer_id: string | null;
  clue_id: string | null;
  user_id: string;
  user_name: string | null;
  channel: string;
  content: string;
  next_follow_at: string | Date | null;
  created_at: string | Date;
};

const time = (v: string | Date | null) => (v === null ? null : new Date(v).getTime());

/**
 * The customer's follow-ups merged with those of the lead it was converted from (its history
 * before conversion), newest first, paged.
 */
export async function listCustomerFollowUps(
  actor: CustomerActor,
  q: { customerId: number; pageNo: number; pageSize: number },
): Promise<{ list: CustomerFollowUpView[]; total: number }> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  const [customer] = await customersInScope(actor, scope, [q.customerId], { db });
  const clueId = customer.fromClueId ?? 0;
  const merged = sql`
    select f.id, f.customer_id, null::bigint as clue_id, f.user_id, f.channel, f.content,
           f.next_follow_at, f.created_at
      from ${customerFollowUps} f where f.customer_id = ${customer.id}
    union all
    select f.id, null::bigint, f.clue_id, f.user_id, f.channel, f.content,
           f.next_follow_at, f.created_at
      from ${clueFollowUps} f where f.clue_id = ${clueId} and f.tenant_id = ${actor.tenantId}`;
  const [rows, totals] = await Promise.all([
    db.execute<Row>(sql`
      select m.*, u.nickname as user_name from (${merged}) m
      left join ${users} u on u.id = m.user_id
      order by m.created_at desc, m.clue_id nulls first, m.id desc
      limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (${merged}) m`),
  ]);
  return {
    total: totals.rows[0]?.n ?? 0,
    list: rows.rows.map((r) => ({
      id: Number(r.id),
      customerId: r.customer_id === null ? null : Number(r.customer_id),
      clueId: r.clue_id === null ? null : Number(r.clue_id),
      userId: Number(r.user_id),
      userName: r.user_name,
      channel: r.channel,
      content: r.content,
      nextFollowTime: time(r.next_follow_at),
      createTime: time(r.created_at)!,
    })),
  };
}
