import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { backgroundJobs } from './jobs';
import { tenants, users } from './platform';

/**
 * 企业报告 (issue 32 item 3, migration 0043). A template is a chosen set of sections: built-in ones
 * (tenant and user null) for everyone, and each member's own. A report is one company read through
 * one template by one member; its background job writes `content` (the snapshot the HTML page and
 * the PDF both draw) and the PDF as the job's file in 下载中心. Deleted reports keep their row
 * (`deleted_at`) because they still count against the month's allowance.
 */
export const enterpriseReportTemplates = pgTable(
  'enterprise_report_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' }).references(() => tenants.id),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    name: text('name').notNull(),
    sections: text('sections').array().notNull(),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enterprise_report_templates_owner_idx').on(t.userId, t.tenantId),
    check(
      'enterprise_report_templates_owner_ck',
      sql`(${t.tenantId} is null) = (${t.userId} is null)`,
    ),
  ],
);

export const enterpriseReports = pgTable(
  'enterprise_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' })
      .notNull()
      .references(() => tenants.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    enterpriseId: bigint('enterprise_id', { mode: 'number' }).notNull(),
    entName: text('ent_name').notNull(),
    /** Null once the template is deleted; its name and sections stay with the report. */
    templateId: bigint('template_id', { mode: 'number' }).references(
      () => enterpriseReportTemplates.id,
      { onDelete: 'set null' },
    ),
    templateName: text('template_name').notNull(),
    sections: text('sections').array().notNull(),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => backgroundJobs.id),
    /** The report's blocks (lib/shared/enterprise-report/report.types.ts), written by the job. */
    content: jsonb('content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('enterprise_reports_user_idx').on(t.userId, t.createdAt),
    index('enterprise_reports_tenant_month_idx').on(t.tenantId, t.createdAt),
    index('enterprise_reports_job_idx').on(t.jobId),
  ],
);

export type EnterpriseReportRow = typeof enterpriseReports.$inferSelect;
export type EnterpriseReportTemplateRow = typeof enterpriseReportTemplates.$inferSelect;
