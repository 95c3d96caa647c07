import 'server-only';
import { eq } from 'drizzle-orm';
import { clues, customers } from '@/db/schema';
import { getDb } from '@/lib/server/platform';
import { ownerScope } from '@/lib/server/identity';
import { cluesInScope } from '../clue/clue.service';
import { insertOpportunity } from '../opportunity/opportunity.service';
import { CLUE_STATUS } from '@/lib/shared/clue/clue.constants';
import {
  CUSTOMER_MESSAGES,
  DEFAULT_CUSTOMER_LEVEL,
} from '@/lib/shared/customer/customer.constants';
import { assertCodeValue } from '../code-group/code-group.service';
import type { ConvertFromClue, ConvertResult } from '@/lib/shared/customer/customer.contract';
import {
  assertActiveOwner,
  customerError,
  isUniqueViolation,
  liveCustomerOfEnterprise,
  type CustomerActor,
} from './customer.service';

/**
 * 线索转客户 in one transaction, the lead row locked: the customer (the lead's company, name,
 * credit code, contact, address, source, follow-up history counters; owner = the lead's follow
 * user unless another is given), optionally an opportunity, and the lead marked 已转化. A lead
 * converted before answers its customer (created: false) and writes nothing. Out of scope,
 * other tenant or deleted: 404 (cluesInScope).
 */
export async function convertFromClue(
  actor: CustomerActor,
  body: ConvertFromClue,
): Promise<ConvertResult> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  await assertCodeValue(actor.tenantId, 'customerLevel', body.level, {
    message: CUSTOMER_MESSAGES.levelInvalid,
    db,
  });
  return db.transaction(async (tx) => {
    const [lead] = await cluesInScope(actor, scope, [body.clueId], { db: tx, lock: true });
    const [existing] = await tx
      .select({ id: customers.id, name: customers.name, deletedAt: customers.deletedAt })
      .from(customers)
      .where(eq(customers.fromClueId, lead.id));
    if (existing) {
      if (existing.deletedAt) throw customerError('CONVERTED_DELETED', { name: existing.name });
      return { customerId: existing.id, opportunityId: null, created: false };
    }
    if (lead.status === CLUE_STATUS.invalid)
      throw customerError('CLUE_INVALID', { name: lead.name });
    const ownerUserId = body.ownerUserId ?? lead.ownerUserId;
    await assertActiveOwner(actor.tenantId, ownerUserId, tx);
    if (lead.enterpriseId) {
      const taken = await liveCustomerOfEnterprise(actor.tenantId, lead.enterpriseId, tx);
      if (taken) throw customerError('ENTERPRISE_EXISTS', taken);
    }
    const hasContact = !!(
      lead.contactName ||
      lead.contactMobile ||
      lead.contactPhone ||
      lead.contactEmail
    );
    let customerId: number;
    try {
      const [row] = await tx
        .insert(customers)
        .values({
          tenantId: actor.tenantId,
          enterpriseId: lead.enterpriseId,
          name: lead.name,
          creditCode: lead.creditCode,
          level: body.level ?? DEFAULT_CUSTOMER_LEVEL,
          source: lead.source,
          tags: body.tags ?? [],
          contacts: hasContact
            ? [
                {
                  name: lead.contactName ?? '联系人',
                  mobile: lead.contactMobile,
                  phone: lead.contactPhone,
                  email: lead.contactEmail,
                  position: null,
                },
              ]
            : [],
          address: lead.address,
          remark: lead.remark,
          ownerUserId,
          creatorUserId: actor.userId,
          fromClueId: lead.id,
          nextFollowAt: lead.nextFollowAt,
          lastFollowAt: lead.lastFollowAt,
          followCount: lead.followCount,
        })
        .returning({ id: customers.id });
      customerId = row.id;
    } catch (err) {
      // The company got a live customer meanwhile (the partial unique index).
      if (isUniqueViolation(err) && lead.enterpriseId) {
        const taken = await liveCustomerOfEnterprise(actor.tenantId, lead.enterpriseId, getDb());
        if (taken) throw customerError('ENTERPRISE_EXISTS', taken);
      }
      throw err;
    }
    const opportunityId = body.opportunity
      ? await insertOpportunity(actor, customerId, ownerUserId, body.opportunity, tx)
      : null;
    await tx
      .update(clues)
      .set({ status: CLUE_STATUS.converted, invalidReason: null, updatedAt: new Date() })
      .where(eq(clues.id, lead.id));
    return { customerId, opportunityId, created: true };
  });
}
