import 'server-only';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  clueFollowUps,
  clues,
  codeGroupValues,
  customerFollowUps,
  customers,
  opportunities,
} from '@/db/schema';
import { ApiError, getDb } from '@/lib/server/platform';
import type { DbOrTx } from '@/lib/server/identity';
import { formatMessage } from '@/lib/shared/api/error-codes';
import {
  CODE_GROUPS,
  CODE_GROUP_MESSAGES as M,
  CODE_GROUP_VALUES_MAX,
  codeGroupDef,
  type CodeGroupKey,
} from '@/lib/shared/code-group/code-group.constants';
import type { CodeGroupView, CodeValue } from '@/lib/shared/code-group/code-group.contract';

/** A member of a tenant. */
export type CodeGroupActor = { userId: number; tenantId: number };

const refuse = (msg: string) => new ApiError(400, msg);

function defaultValues(key: CodeGroupKey): CodeValue[] {
  return codeGroupDef(key).defaults.map((d, i) => ({
    code: d.code,
    label: d.label,
    sort: i + 1,
    enabled: true,
    builtIn: true,
  }));
}

/** The tenant's groups: its own rows per group, or the platform defaults where it has none. */
export async function tenantCodeGroups(
  tenantId: number,
  db: DbOrTx = getDb(),
): Promise<CodeGroupView[]> {
  const rows = await db
    .select()
    .from(codeGroupValues)
    .where(eq(codeGroupValues.tenantId, tenantId))
    .orderBy(asc(codeGroupValues.sort), asc(codeGroupValues.id));
  return CODE_GROUPS.map((g) => {
    const own = rows.filter((r) => r.groupCode === g.key);
    return {
      key: g.key,
      name: g.name,
      usedBy: g.usedBy,
      mode: g.mode,
      isDefault: own.length === 0,
      values: own.length
        ? own.map((r) => ({
            code: r.code,
            label: r.label,
            sort: r.sort,
            enabled: r.enabled,
            builtIn: r.builtIn,
          }))
        : defaultValues(g.key),
    };
  });
}

export async function groupValues(
  tenantId: number,
  key: CodeGroupKey,
  db: DbOrTx = getDb(),
): Promise<CodeValue[]> {
  return (await tenantCodeGroups(tenantId, db)).find((g) => g.key === key)!.values;
}

/**
 * A submitted value of a strict group must be an enabled value of the tenant's group. `keep` (the
 * record's current value) passes even when disabled since: an old record keeps its value. `also`:
 * values the product writes itself (线索转化).
 */
export async function assertCodeValue(
  tenantId: number,
  key: CodeGroupKey,
  value: string | null | undefined,
  opts: { keep?: string | null; also?: readonly string[]; message: string; db?: DbOrTx },
): Promise<void> {
  if (value === null || value === undefined) return;
  if (value === opts.keep || opts.also?.includes(value)) return;
  const found = (await groupValues(tenantId, key, opts.db)).find((v) => v.code === value);
  if (!found) throw refuse(opts.message);
  if (!found.enabled)
    throw refuse(
      formatMessage(M.valueInvalid, { group: codeGroupDef(key).name, value: found.label }),
    );
}

/** The first edit of a group copies the platform defaults into the tenant's rows (then edits them). */
async function materialise(tx: DbOrTx, tenantId: number, key: CodeGroupKey): Promise<void> {
  // One editor per tenant and group at a time (two first edits would both copy the defaults).
  await tx.execute(sql`select pg_advisory_xact_lock(${tenantId}, hashtext(${key}))`);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(codeGroupValues)
    .where(and(eq(codeGroupValues.tenantId, tenantId), eq(codeGroupValues.groupCode, key)));
  if (n > 0) return;
  await tx.insert(codeGroupValues).values(
    defaultValues(key).map((v) => ({
      tenantId,
      groupCode: key,
      code: v.code,
      label: v.label,
      sort: v.sort,
      enabled: true,
      builtIn: true,
    })),
  );
}

async function rowsOf(tx: DbOrTx, tenantId: number, key: CodeGroupKey) {
  return tx
    .select()
    .from(codeGroupValues)
    .where(and(eq(codeGroupValues.tenantId, tenantId), eq(codeGroupValues.groupCode, key)))
    .orderBy(asc(codeGroupValues.sort), asc(codeGroupValues.id));
}

export async function createValue(
  actor: CodeGroupActor,
  body: { group: CodeGroupKey; label: string; code?: string },
): Promise<CodeValue> {
  const code = body.code ?? body.label;
  return getDb().transaction(async (tx) => {
    await materialise(tx, actor.tenantId, body.group);
    const rows = await rowsOf(tx, actor.tenantId, body.group);
    if (rows.length >= CODE_GROUP_VALUES_MAX) throw refuse(M.tooMany);
    if (rows.some((r) => r.code === code)) throw refuse(formatMessage(M.codeExists, { code }));
    if (rows.some((r) => r.label === body.label))
      throw refuse(formatMessage(M.labelExists, { label: body.label }));
    const sort = rows.reduce((m, r) => Math.max(m, r.sort), 0) + 1;
    await tx.insert(codeGroupValues).values({
      tenantId: actor.tenantId,
      groupCode: body.group,
      code,
      label: body.label,
      sort,
    });
    return { code, label: body.label, sort, enabled: true, builtIn: false };
  });
}

export async function updateValue(
  actor: CodeGroupActor,
  body: { group: CodeGroupKey; code: string; label?: string; enabled?: boolean },
): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    await materialise(tx, actor.tenantId, body.group);
    const rows = await rowsOf(tx, actor.tenantId, body.group);
    const row = rows.find((r) => r.code === body.code);
    if (!row) throw refuse(M.notFound);
    if (body.label !== undefined && rows.some((r) => r.id !== row.id && r.label === body.label))
      throw refuse(formatMessage(M.labelExists, { label: body.label }));
    await tx
      .update(codeGroupValues)
      .set({
        label: body.label ?? row.label,
        enabled: body.enabled ?? row.enabled,
        updatedAt: new Date(),
      })
      .where(eq(codeGroupValues.id, row.id));
    return true;
  });
}

export async function sortValues(
  actor: CodeGroupActor,
  body: { group: CodeGroupKey; codes: string[] },
): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    await materialise(tx, actor.tenantId, body.group);
    const rows = await rowsOf(tx, actor.tenantId, body.group);
    const given = new Set(body.codes);
    if (given.size !== body.codes.length || rows.length !== given.size)
      throw refuse(M.orderMismatch);
    if (rows.some((r) => !given.has(r.code))) throw refuse(M.orderMismatch);
    for (const [i, c] of body.codes.entries()) {
      const row = rows.find((r) => r.code === c)!;
      if (row.sort !== i + 1)
        await tx
          .update(codeGroupValues)
          .set({ sort: i + 1, updatedAt: new Date() })
          .where(eq(codeGroupValues.id, row.id));
    }
    return true;
  });
}

/**
 * Records of the tenant (deleted ones included: they can be restored) that use the value. Suggest
 * groups (lost reasons, tags) store the text picked, so their label counts as well as the code.
 */
export async function valueUseCount(
  tenantId: number,
  key: CodeGroupKey,
  code: string,
  db: DbOrTx = getDb(),
  label: string = code,
): Promise<number> {
  // Rows of one table of this tenant that hold the value.
  const used = async (table: PgTable & { tenantId: AnyPgColumn }, holds: SQL) =>
    (
      await db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.tenantId, tenantId), holds))
    )[0]?.n ?? 0;
  switch (key) {
    case 'clueSource':
      return (
        (await used(clues, eq(clues.source, code))) +
        (await used(customers, eq(customers.source, code)))
      );
    case 'followUpChannel':
      return (
        (await used(clueFollowUps, eq(clueFollowUps.channel, code))) +
        (await used(customerFollowUps, eq(customerFollowUps.channel, code)))
      );
    case 'customerLevel':
      return used(customers, eq(customers.level, code));
    case 'lostReason':
      return used(opportunities, inArray(opportunities.lostReason, [code, label]));
    case 'customerTag':
      return used(customers, sql`${customers.tags} && ${sql.param([code, label])}::text[]`);
  }
}

export async function deleteValue(
  actor: CodeGroupActor,
  body: { group: CodeGroupKey; code: string },
): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    await materialise(tx, actor.tenantId, body.group);
    const rows = await rowsOf(tx, actor.tenantId, body.group);
    const row = rows.find((r) => r.code === body.code);
    if (!row) throw refuse(M.notFound);
    if (row.builtIn) throw refuse(formatMessage(M.builtIn, { label: row.label }));
    const used = await valueUseCount(actor.tenantId, body.group, row.code, tx, row.label);
    if (used > 0) throw refuse(formatMessage(M.inUse, { label: row.label, n: used }));
    await tx.delete(codeGroupValues).where(eq(codeGroupValues.id, row.id));
    return true;
  });
}
