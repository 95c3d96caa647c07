import 'server-only';
import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import { ApiError, apiError, getDb } from '@/lib/server/platform';
import { enterpriseReportTemplates, type EnterpriseReportTemplateRow } from '@/db/schema';
import { ERRORS } from '@/lib/shared/api/error-codes';
import type { ReportTemplateView } from '@/lib/shared/enterprise-report/report.contract';
import {
  orderedSections,
  reportTemplateInputSchema,
  type ReportSectionKey,
} from '@/lib/shared/enterprise-report/report.types';
import type { z } from 'zod';

/**
 * 报告模板: the built-in ones (no owner, migration 0043) and each member's own, which only that
 * member sees and changes. Anyone else's template answers 404 like one that does not exist.
 */

export type ReportOwner = { tenantId: number; userId: number };
type TemplateInput = z.output<typeof reportTemplateInputSchema>;

/** Own templates a member may keep. */
export const TEMPLATE_LIMIT = 20;

export const templateNotFound = () => new ApiError(ERRORS.NOT_FOUND.code, '报告模板不存在');

export function toTemplateView(row: EnterpriseReportTemplateRow): ReportTemplateView {
  return {
    id: row.id,
    name: row.name,
    sections: orderedSections(row.sections as ReportSectionKey[]),
    remark: row.remark,
    builtIn: row.userId === null,
    createTime: row.createdAt.getTime(),
    updateTime: row.updatedAt.getTime(),
  };
}

const own = (o: ReportOwner) =>
  and(
    eq(enterpriseReportTemplates.userId, o.userId),
    eq(enterpriseReportTemplates.tenantId, o.tenantId),
  );
const visible = (o: ReportOwner) => or(isNull(enterpriseReportTemplates.userId), own(o));

export async function listTemplates(o: ReportOwner): Promise<ReportTemplateView[]> {
  const rows = await getDb()
    .select()
    .from(enterpriseReportTemplates)
    .where(visible(o))
    // Built-in first, then the member's own, oldest first.
    .orderBy(
      sql`${enterpriseReportTemplates.userId} is not null`,
      asc(enterpriseReportTemplates.id),
    );
  return rows.map(toTemplateView);
}

/** A template the member may use (built-in or own); 404 otherwise. */
export async function usableTemplate(
  o: ReportOwner,
  id: number,
): Promise<EnterpriseReportTemplateRow> {
  const [row] = await getDb()
    .select()
    .from(enterpriseReportTemplates)
    .where(and(eq(enterpriseReportTemplates.id, id), visible(o)));
  if (!row) throw templateNotFound();
  return row;
}

export async function getTemplate(o: ReportOwner, id: number): Promise<ReportTemplateView> {
  return toTemplateView(await usableTemplate(o, id));
}

export async function createTemplate(
  o: ReportOwner,
  input: TemplateInput,
): Promise<ReportTemplateView> {
  return getDb().transaction(async (tx) => {
    // Serialises one member's creations, so two at once cannot pass the limit together.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('report_templates'), ${o.userId}::int)`,
    );
    const [n] = await tx.select({ n: count() }).from(enterpriseReportTemplates).where(own(o));
    if (Number(n?.n ?? 0) >= TEMPLATE_LIMIT)
      throw apiError('REPORT_TEMPLATE_LIMIT', { max: TEMPLATE_LIMIT });
    const [row] = await tx
      .insert(enterpriseReportTemplates)
      .values({
        tenantId: o.tenantId,
        userId: o.userId,
        name: input.name,
        sections: orderedSections(input.sections),
        remark: input.remark || null,
      })
      .returning();
    return toTemplateView(row);
  });
}

/** An own template for a change: built-in ones are refused, anyone else's is 404. */
async function ownTemplate(o: ReportOwner, id: number): Promise<EnterpriseReportTemplateRow> {
  const row = await usableTemplate(o, id);
  if (row.userId === null) throw apiError('REPORT_TEMPLATE_BUILT_IN');
  return row;
}

export async function updateTemplate(
  o: ReportOwner,
  input: TemplateInput & { id: number },
): Promise<ReportTemplateView> {
  await ownTemplate(o, input.id);
  const [row] = await getDb()
    .update(enterpriseReportTemplates)
    .set({
      name: input.name,
      sections: orderedSections(input.sections),
      remark: input.remark || null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(enterpriseReportTemplates.id, input.id), own(o)))
    .returning();
  if (!row) throw templateNotFound();
  return toTemplateView(row);
}

/** Reports made from it keep its name and sections (template_id becomes null). */
export async function deleteTemplate(o: ReportOwner, id: number): Promise<true> {
  await ownTemplate(o, id);
  await getDb()
    .delete(enterpriseReportTemplates)
    .where(and(eq(enterpriseReportTemplates.id, id), own(o)));
  return true;
}
