import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ref = (name: string) => bigint(name, { mode: 'number' });
const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A value of one of a tenant's code groups (代码组, ADR 0183): lead sources, follow-up kinds,
 * customer levels, lost reasons, customer tags. Records store `code`; pages show `label`. A tenant
 * without rows of a group uses the platform defaults until its administrator first edits it.
 * Migration 0031.
 */
export const codeGroupValues = pgTable(
  'code_group_values',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: ref('tenant_id').notNull(),
    /** CODE_GROUPS key: clueSource, followUpChannel, customerLevel, lostReason, customerTag. */
    groupCode: text('group_code').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    sort: integer('sort').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** A platform default: the product writes it itself (e.g. 批量导入), so it is never deleted. */
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('code_group_values_code_uq').on(t.tenantId, t.groupCode, t.code),
    uniqueIndex('code_group_values_label_uq').on(t.tenantId, t.groupCode, t.label),
    check('code_group_values_code_ck', sql`char_length(${t.code}) between 1 and 20`),
    check('code_group_values_label_ck', sql`char_length(${t.label}) between 1 and 20`),
  ],
);

/** Per-tenant data settings (数据管理): recycle-bin retention in days. */
export const tenantDataSettings = pgTable(
  'tenant_data_settings',
  {
    tenantId: ref('tenant_id').primaryKey(),
    recycleRetentionDays: integer('recycle_retention_days').notNull().default(30),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('tenant_data_settings_retention_ck', sql`${t.recycleRetentionDays} between 1 and 365`),
  ],
);

/** A deleted opportunity as it was (its row in JSON), until restored or purged (ADR 0183). */
export const deletedOpportunities = pgTable(
  'deleted_opportunities',
  {
    id: ref('id').primaryKey(),
    tenantId: ref('tenant_id').notNull(),
    customerId: ref('customer_id').notNull(),
    name: text('name').notNull(),
    row: jsonb('row').$type<Record<string, unknown>>().notNull(),
    deletedByUserId: ref('deleted_by_user_id'),
    deletedAt: tz('deleted_at').notNull().defaultNow(),
  },
  (t) => [index('deleted_opportunities_tenant_idx').on(t.tenantId, t.deletedAt)],
);
