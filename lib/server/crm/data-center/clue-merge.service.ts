import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { clueFollowUps, clueMerges, clues, customers } from '@/db/schema';
import { apiError, getDb } from '@/lib/server/platform';
import { ownerScope, scopePredicate } from '@/lib/server/identity';
import { CLUE_STATUS } from '@/lib/shared/clue/clue.constants';
import type { MergeBody, MergeResult } from '@/lib/shared/data-center/data-center.contract';
import {
  contactFill,
  type MergeCandidate,
  type MergeContactField,
  mergeRefusal,
} from '@/lib/shared/data-center/data-center.rules';
import { idIn, rowsInScope, softDelete } from '../crm-query';
import type { DataCenterActor } from './data-center.service';

/** The database column of each contact field a merge may fill (the undo trigger names them). */
const COLUMN: Record<MergeContactField, string> = {
  contactName: 'contact_name',
  contactMobile: 'contact_mobile',
  contactPhone: 'contact_phone',
  contactEmail: 'contact_email',
  wechat: 'wechat',
  website: 'website',
};

const earliest = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a <= b ? a : b);
const latest = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a >= b ? a : b);

/**
 * Merges duplicate leads into the kept one, in one transaction (ADR 0184): every lead must be live
 * and in the caller's data scope (else 404), share the credit code or the name with the kept lead,
 * and not be converted. Per merged lead: its follow-ups move to the kept lead, the kept lead's
 * empty contact fields take its values, a clue_merges row records both, and the lead goes to the
 * recycle bin, from where restoring it undoes its part of the merge (trigger, migration 0037).
 */
export async function mergeDuplicateClues(
  actor: DataCenterActor,
  body: MergeBody,
): Promise<MergeResult> {
  const db = getDb();
  const scope = await ownerScope(actor, db);
  return db.transaction(async (tx) => {
    const where = and(
      eq(clues.tenantId, actor.tenantId),
      isNull(clues.deletedAt),
      scopePredicate(clues.ownerUserId, scope),
    );
    const ids = [body.keepId, ...body.mergeIds];
    // Locked in id order, so two merges over the same leads wait for each other, not deadlock.
    const rows = (await rowsInScope(tx, clues, where, ids, true)).sort((a, b) => a.id - b.id);
    const withCustomer = new Set(
      (
        await tx
          .select({ id: customers.fromClueId })
          .from(customers)
          .where(and(eq(customers.tenantId, actor.tenantId), idIn(customers.fromClueId, ids)))
      ).map((r) => r.id),
    );
    const candidate = (r: (typeof rows)[number]): MergeCandidate => ({
      id: r.id,
      name: r.name,
      creditCode: r.creditCode,
      converted: r.status === CLUE_STATUS.converted || withCustomer.has(r.id),
      followCount: r.followCount,
      createTime: r.createdAt.getTime(),
    });
    const kept = rows.find((r) => r.id === body.keepId)!;
    const merged = body.mergeIds.map((id) => rows.find((r) => r.id === id)!);
    const refusal = mergeRefusal(candidate(kept), merged.map(candidate));
    if (refusal)
      throw apiError(
        refusal.reason === 'converted'
          ? 'DATA_CENTER_MERGE_CONVERTED'
          : 'DATA_CENTER_MERGE_NOT_DUPLICATE',
        { name: refusal.name },
      );

    const now = kept; // the kept lead as the merge leaves it, step by step
    let movedTotal = 0;
    let filledTotal = 0;
    for (const m of merged) {
      const fill = contactFill(now, m);
      const moved = await tx
        .update(clueFollowUps)
        .set({ clueId: kept.id })
        .where(and(eq(clueFollowUps.tenantId, actor.tenantId), eq(clueFollowUps.clueId, m.id)))
        .returning({ id: clueFollowUps.id });
      const next = earliest(now.nextFollowAt, m.nextFollowAt);
      await tx.insert(clueMerges).values({
        tenantId: actor.tenantId,
        clueId: m.id,
        keptClueId: kept.id,
        followUpIds: moved.map((f) => f.id),
        filled: Object.fromEntries(
          Object.entries(fill).map(([f, v]) => [COLUMN[f as MergeContactField], v]),
        ),
        keptLastFollowAt: now.lastFollowAt,
        keptNextFollowAt: now.nextFollowAt,
        setNextFollowAt: next,
        userId: actor.userId,
      });
      Object.assign(now, fill, {
        nextFollowAt: next,
        lastFollowAt: latest(now.lastFollowAt, m.lastFollowAt),
        followCount: now.followCount + moved.length,
      });
      movedTotal += moved.length;
      filledTotal += Object.keys(fill).length;
    }
    await tx
      .update(clues)
      .set({
        contactName: now.contactName,
        contactMobile: now.contactMobile,
        contactPhone: now.contactPhone,
        contactEmail: now.contactEmail,
        wechat: now.wechat,
        website: now.website,
        nextFollowAt: now.nextFollowAt,
        lastFollowAt: now.lastFollowAt,
        followCount: now.followCount,
        updatedAt: new Date(),
      })
      .where(eq(clues.id, kept.id));
    await softDelete(tx, clues, body.mergeIds, actor.userId);
    return {
      keptId: kept.id,
      merged: merged.length,
      movedFollowUps: movedTotal,
      filledFields: filledTotal,
    };
  });
}
