import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './platform';

const id = () => bigserial('id', { mode: 'number' }).primaryKey();
const ref = (name: string) => bigint(name, { mode: 'number' });
const money = (name: string) => numeric(name, { precision: 18, scale: 4, mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Administrative divisions (GB/T 2260): province, city, district with centre points. */
export const regions = pgTable(
  'regions',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    /** 1 province, 2 city, 3 district. */
    level: smallint('level').notNull(),
    parentCode: text('parent_code'),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
  },
  (t) => [index('regions_parent_idx').on(t.parentCode)],
);

/** GB/T 4754-2017 industries: section (A), division (01), group (011), class (0111). */
export const industries = pgTable(
  'industries',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    level: smallint('level').notNull(),
    parentCode: text('parent_code'),
  },
  (t) => [index('industries_parent_idx').on(t.parentCode)],
);

export const enterprises = pgTable(
  'enterprises',
  {
    id: id(),
    name: text('name').notNull(),
    formerNames: text('former_names').array().notNull().default([]),
    brandWords: text('brand_words').array().notNull().default([]),
    /** Unified social credit code (GB 32100), 18 characters with check digit. */
    uncid: text('uncid').notNull(),
    regNo: text('reg_no'),
    orgType: text('org_type').notNull(),
    /** 存续 / 在业 / 迁出 / 吊销 / 注销 */
    status: text('status').notNull(),
    legalPerson: text('legal_person').notNull(),
    /** Registered capital in 万 (ten-thousands) of regCapitalCurrency. */
    regCapital: money('reg_capital'),
    regCapitalCurrency: text('reg_capital_currency').notNull().default('人民币'),
    paidCapital: money('paid_capital'),
    establishDate: date('establish_date'),
    approvalDate: date('approval_date'),
    termStart: date('term_start'),
    termEnd: date('term_end'),
    regAuthority: text('reg_authority'),
    provinceCode: text('province_code'),
    cityCode: text('city_code'),
    districtCode: text('district_code'),
    address: text('address'),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    industrySection: text('industry_section'),
    industryDivision: text('industry_division'),
    industryGroup: text('industry_group'),
    industryClass: text('industry_class'),
    businessScope: text('business_scope'),
    /** Staff size band, e.g. '小于50人', '50-99人'. */
    staffSize: text('staff_size'),
    insuredCount: integer('insured_count'),
    website: text('website'),
    /** 高新技术企业, 专精特新, 小巨人, 上市, 瞪羚, ... */
    tags: text('tags').array().notNull().default([]),
    listed: boolean('listed').notNull().default(false),
    listingInfo: jsonb('listing_info'),
    phoneCount: smallint('phone_count').notNull().default(0),
    emailCount: smallint('email_count').notNull().default(0),
    /** Company weight for ranking (size, capital, honours); higher ranks first. */
    weight: real('weight').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enterprises_uncid_uq').on(t.uncid),
    // Exact-name lookup of the detail page (?company_name=) and of graph keywords.
    index('enterprises_name_idx').on(t.name),
    // Advanced search (migration 0027): option conditions walked in weight order. The division
    // and organisation-type indexes, and enterprises_filter_walk_idx (weight desc, id), also
    // INCLUDE the small filter columns (region codes, industry codes, capital, establish date,
    // status, organisation type, staff size, contact counts, listed) for index-only pages and
    // counts; drizzle declares no INCLUDE, the migration has the full definitions.
    index('enterprises_division_weight_idx').on(t.industryDivision, t.weight.desc(), t.id),
    index('enterprises_group_weight_idx').on(t.industryGroup, t.weight.desc(), t.id),
    index('enterprises_class_weight_idx').on(t.industryClass, t.weight.desc(), t.id),
    index('enterprises_status_weight_idx').on(t.status, t.weight.desc(), t.id),
    index('enterprises_org_type_weight_idx').on(t.orgType, t.weight.desc(), t.id),
    index('enterprises_tags_idx').using('gin', t.tags),
    index('enterprises_filter_walk_idx').on(t.weight.desc(), t.id),
    // Map prospecting (migrations 0038 and 0048, ADR 0185): the box of every map query, placed
    // companies only; the migrations also INCLUDE (lng, lat, id, weight) for index-only reads.
    index('enterprises_geo_idx')
      .using('gist', sql`point(${t.lng}, ${t.lat})`)
      .with({ buffering: 'on' })
      .where(sql`${t.lng} is not null and ${t.lat} is not null`),
    index('enterprises_unplaced_idx')
      .on(t.provinceCode, t.cityCode, t.districtCode)
      .where(sql`${t.lng} is null or ${t.lat} is null`),
  ],
);

/**
 * A narrow copy of what address and legal-person searches read (migration 0030): a fragment's
 * 1,000-2,000 matches are read from here instead of as many pages of the wide enterprises table.
 * Written only by triggers on enterprises (insert, update, delete, truncate), in address order
 * when rows arrive in bulk; the GIN index (same expression as on enterprises) is in the migration.
 */
export const enterpriseSearchTexts = pgTable('enterprise_search_texts', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  weight: real('weight').notNull(),
  legalPerson: text('legal_person'),
  address: text('address'),
  regCapital: money('reg_capital'),
  establishDate: date('establish_date'),
  provinceCode: text('province_code'),
  industrySection: text('industry_section'),
  status: text('status'),
});

/** Phones and e-mails; never sent to a client unmasked unless the tenant unlocked the company. */
export const enterpriseContacts = pgTable(
  'enterprise_contacts',
  {
    id: id(),
    enterpriseId: ref('enterprise_id').notNull(),
    /** phone (landline), mobile, email */
    type: text('type').notNull(),
    value: text('value').notNull(),
    personName: text('person_name'),
    position: text('position'),
    /** Where it was found: 年报, 官网, 招聘, ... */
    source: text('source').notNull(),
  },
  (t) => [index('enterprise_contacts_ent_idx').on(t.enterpriseId)],
);

export const enterpriseShareholders = pgTable(
  'enterprise_shareholders',
  {
    id: id(),
    enterpriseId: ref('enterprise_id').notNull(),
    /** person | company */
    holderType: text('holder_type').notNull(),
    holderName: text('holder_name').notNull(),
    holderEnterpriseId: ref('holder_enterprise_id'),
    ratio: numeric('ratio', { precision: 7, scale: 4, mode: 'number' }),
    subscribedAmount: money('subscribed_amount'),
    subscribedDate: date('subscribed_date'),
  },
  (t) => [
    index('enterprise_shareholders_ent_idx').on(t.enterpriseId),
    index('enterprise_shareholders_holder_idx').on(t.holderEnterpriseId),
  ],
);

export const enterprisePeople = pgTable(
  'enterprise_people',
  {
    id: id(),
    enterpriseId: ref('enterprise_id').notNull(),
    name: text('name').notNull(),
    roles: text('roles').array().notNull().default([]),
  },
  (t) => [
    index('enterprise_people_ent_idx').on(t.enterpriseId),
    index('enterprise_people_name_idx').on(t.name),
  ],
);

export const enterpriseChanges = pgTable(
  'enterprise_changes',
  {
    id: id(),
    enterpriseId: ref('enterprise_id').notNull(),
    changeDate: date('change_date').notNull(),
    item: text('item').notNull(),
    before: text('before'),
    after: text('after'),
  },
  (t) => [index('enterprise_changes_ent_idx').on(t.enterpriseId, t.changeDate)],
);

export const enterpriseBranches = pgTable(
  'enterprise_branches',
  {
    id: id(),
    enterpriseId: ref('enterprise_id').notNull(),
    branchEnterpriseId: ref('branch_enterprise_id'),
    name: text('name').notNull(),
    principal: text('principal'),
    regionCode: text('region_code'),
    establishDate: date('establish_date'),
    status: text('status'),
  },
  (t) => [index('enterprise_branches_ent_idx').on(t.enterpriseId)],
);

export const enterpriseInvestments = pgTable(
  'enterprise_investments',
  {
    id: id(),
    enterpriseId: ref('enterprise_id').notNull(),
    investeeEnterpriseId: ref('investee_enterprise_id'),
    investeeName: text('investee_name').notNull(),
    ratio: numeric('ratio', { precision: 7, scale: 4, mode: 'number' }),
    amount: money('amount'),
    investDate: date('invest_date'),
  },
  (t) => [
    index('enterprise_investments_ent_idx').on(t.enterpriseId),
    index('enterprise_investments_investee_idx').on(t.investeeEnterpriseId),
  ],
);

export const enterpriseFinancing = pgTable(
  'enterprise_financing',
  {
    id: id(),
    enterpriseId: ref('enterprise_id').notNull(),
    round: text('round').notNull(),
    financingDate: date('financing_date').notNull(),
    amount: text('amount'),
    investors: text('investors').array().notNull().default([]),
  },
  (t) => [index('enterprise_financing_ent_idx').on(t.enterpriseId)],
);

export const enterpriseHonors = pgTable(
  'enterprise_honors',
  {
    id: id(),
    enterpriseId: ref('enterprise_id').notNull(),
    name: text('name').notNull(),
    /** 国家级 / 省级 / 市级 */
    level: text('level').notNull(),
    year: smallint('year').notNull(),
    issuer: text('issuer'),
  },
  (t) => [index('enterprise_honors_ent_idx').on(t.enterpriseId)],
);

export const enterpriseChainCodes = pgTable(
  'enterprise_chain_codes',
  {
    enterpriseId: ref('enterprise_id').notNull(),
    chainCode: text('chain_code').notNull(),
    chainName: text('chain_name').notNull(),
    nodeName: text('node_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.chainCode, t.nodeName] }),
    index('enterprise_chain_code_idx').on(t.chainCode),
  ],
);

export const enterpriseAnnualReports = pgTable(
  'enterprise_annual_reports',
  {
    id: id(),
    enterpriseId: ref('enterprise_id').notNull(),
    year: smallint('year').notNull(),
    /** Published figures: staff, insured, assets band, revenue band, contacts published, ... */
    data: jsonb('data').notNull(),
    publishedAt: date('published_at'),
  },
  (t) => [uniqueIndex('enterprise_annual_reports_ent_year_uq').on(t.enterpriseId, t.year)],
);

/** One row per enterprise a tenant has unlocked; the unique key makes unlocking idempotent. */
export const enterpriseUnlocks = pgTable(
  'enterprise_unlocks',
  {
    tenantId: ref('tenant_id').notNull(),
    enterpriseId: ref('enterprise_id').notNull(),
    userId: ref('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.enterpriseId] }),
    index('enterprise_unlocks_tenant_time_idx').on(t.tenantId, t.createdAt),
  ],
);

export const favourites = pgTable(
  'favourites',
  {
    tenantId: ref('tenant_id').notNull(),
    userId: ref('user_id').notNull(),
    enterpriseId: ref('enterprise_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.enterpriseId] }),
    index('favourites_tenant_idx').on(t.tenantId),
  ],
);

/**
 * Saved search condition templates (spec 7.3): keyword, filters and, for advanced search, the AND/OR
 * condition groups. At most SEARCH_TEMPLATE_LIMIT per user, counted under a per-user lock.
 */
export const searchConditionTemplates = pgTable(
  'search_condition_templates',
  {
    id: id(),
    tenantId: ref('tenant_id').notNull(),
    userId: ref('user_id').notNull(),
    name: text('name').notNull(),
    condition: jsonb('condition').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('search_condition_templates_user_idx').on(t.userId, t.createdAt.desc())],
);

export const searchHistory = pgTable(
  'search_history',
  {
    id: id(),
    tenantId: ref('tenant_id'),
    userId: ref('user_id').notNull(),
    /** Where the search was made: keyword (search box, company search) | advanced */
    kind: text('kind').notNull().default('keyword'),
    keyword: text('keyword').notNull().default(''),
    condition: jsonb('condition'),
    enterpriseId: ref('enterprise_id'),
    createdAt: createdAt(),
  },
  (t) => [index('search_history_user_idx').on(t.userId, t.createdAt)],
);

/**
 * What signed-in users picked from searches (spec 7.3 mark keyword / mark enterprise): a keyword
 * they searched, or a company they opened from the suggestions, with the keyword it was found by
 * ('' when none). One row per user and keyword (and company), counted up on every repeat, so
 * popularity can be read per keyword or company across users. No foreign key to enterprises: the
 * corpus is truncated and reloaded by the seed (db/seed/enterprises.ts).
 */
export const searchMarks = pgTable(
  'search_marks',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: ref('tenant_id'),
    /** keyword | enterprise */
    kind: text('kind').notNull(),
    keyword: text('keyword').notNull().default(''),
    enterpriseId: ref('enterprise_id'),
    count: integer('count').notNull().default(1),
    firstMarkedAt: timestamp('first_marked_at', { withTimezone: true }).notNull().defaultNow(),
    lastMarkedAt: timestamp('last_marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'search_marks_kind_ck',
      sql`(${t.kind} = 'keyword' and ${t.enterpriseId} is null and ${t.keyword} <> '') or (${t.kind} = 'enterprise' and ${t.enterpriseId} is not null)`,
    ),
    uniqueIndex('search_marks_keyword_uq')
      .on(t.userId, t.keyword)
      .where(sql`${t.kind} = 'keyword'`),
    uniqueIndex('search_marks_enterprise_uq')
      .on(t.userId, t.enterpriseId, t.keyword)
      .where(sql`${t.kind} = 'enterprise'`),
    index('search_marks_popular_keyword_idx')
      .on(t.keyword)
      .where(sql`${t.kind} = 'keyword'`),
    index('search_marks_popular_enterprise_idx')
      .on(t.enterpriseId)
      .where(sql`${t.kind} = 'enterprise'`),
  ],
);

/** Leads (CRM). The leads issue deepens this; enterprise pages add to it. */
/**
 * A lead (线索) of a tenant: a company (or a person) the sales team works on. At most one live lead
 * per company per tenant (partial unique index: a soft-deleted lead does not block re-adding).
 * `search_doc` (generated, migration 0020) is the normalised keyword document: name | credit code |
 * contact name | mobile | landline, indexed by bigrams like the enterprise search (ADR 0100).
 */
export const clues = pgTable(
  'clues',
  {
    id: id(),
    tenantId: ref('tenant_id').notNull(),
    enterpriseId: ref('enterprise_id'),
    name: text('name').notNull(),
    /** Unified social credit code of the linked company (copied), or typed in by hand. */
    creditCode: text('credit_code'),
    /** 跟进人 */
    ownerUserId: ref('owner_user_id').notNull(),
    creatorUserId: ref('creator_user_id').notNull(),
    /** One of CLUE_SOURCES (lib/shared/clue/clue.constants.ts). */
    source: text('source').notNull(),
    /** 0 新线索, 1 跟进中, 2 已转化, 3 无效 */
    status: smallint('status').notNull().default(0),
    /** Why it is 无效 (status 3). */
    invalidReason: text('invalid_reason'),
    contactName: text('contact_name'),
    contactMobile: text('contact_mobile'),
    /** Landline (座机). */
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    website: text('website'),
    wechat: text('wechat'),
    provinceCode: text('province_code'),
    cityCode: text('city_code'),
    districtCode: text('district_code'),
    /** GB/T 4754 section letter (A-T) and the most precise code known (division, group or class). */
    industrySection: text('industry_section'),
    industryCode: text('industry_code'),
    address: text('address'),
    remark: text('remark'),
    weight: real('weight'),
    nextFollowAt: timestamp('next_follow_at', { withTimezone: true }),
    lastFollowAt: timestamp('last_follow_at', { withTimezone: true }),
    followCount: integer('follow_count').notNull().default(0),
    searchDoc: text('search_doc').generatedAlwaysAs(
      sql`public.lr_search_norm(coalesce(name, '')) || '|' || public.lr_search_norm(coalesce(credit_code, '')) || '|' || public.lr_search_norm(coalesce(contact_name, '')) || '|' || public.lr_search_norm(coalesce(contact_mobile, '')) || '|' || public.lr_search_norm(coalesce(contact_phone, ''))`,
    ),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByUserId: ref('deleted_by_user_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clues_tenant_enterprise_uq')
      .on(t.tenantId, t.enterpriseId)
      .where(sql`deleted_at is null`),
    index('clues_tenant_created_idx')
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`deleted_at is null`),
    // The data board's scan of a range (migration 0033 adds INCLUDE (id, owner_user_id, source,
    // province_code, industry_section) so it is index-only).
    index('clues_tenant_created_board_idx')
      .on(t.tenantId, t.createdAt)
      .where(sql`deleted_at is null`),
    index('clues_tenant_status_idx')
      .on(t.tenantId, t.status, t.createdAt)
      .where(sql`deleted_at is null`),
    index('clues_tenant_owner_idx')
      .on(t.tenantId, t.ownerUserId, t.createdAt)
      .where(sql`deleted_at is null`),
    // Follow-up sorts keep leads without a time last in both directions: one index each way.
    index('clues_tenant_next_follow_idx')
      .on(t.tenantId, t.nextFollowAt, t.id)
      .where(sql`deleted_at is null`),
    index('clues_tenant_next_follow_desc_idx')
      .on(t.tenantId, t.nextFollowAt.desc().nullsLast(), t.id.desc())
      .where(sql`deleted_at is null`),
    index('clues_tenant_last_follow_idx')
      .on(t.tenantId, t.lastFollowAt, t.id)
      .where(sql`deleted_at is null`),
    index('clues_tenant_last_follow_desc_idx')
      .on(t.tenantId, t.lastFollowAt.desc().nullsLast(), t.id.desc())
      .where(sql`deleted_at is null`),
    index('clues_tenant_due_idx')
      .on(t.tenantId, t.nextFollowAt, t.ownerUserId)
      .where(sql`deleted_at is null and status in (0, 1)`),
    // 我的工作台: a member's own due and overdue leads (migration 0034).
    index('clues_tenant_owner_due_idx')
      .on(t.tenantId, t.ownerUserId, t.nextFollowAt, t.id)
      .where(sql`deleted_at is null and status in (0, 1)`),
    // The first-run guide's sample leads (SAMPLE_LEAD_MARK, migration 0034).
    index('clues_sample_owner_idx')
      .on(t.tenantId, t.ownerUserId)
      .where(sql`name like '【示例】%'`),
    // The follow-up reminder's sweep across tenants (migration 0021).
    index('clues_due_global_idx')
      .on(t.nextFollowAt)
      .where(sql`deleted_at is null and status in (0, 1)`),
    index('clues_tenant_name_idx')
      .on(t.tenantId, t.name, t.id)
      .where(sql`deleted_at is null`),
    index('clues_tenant_province_idx')
      .on(t.tenantId, t.provinceCode)
      .where(sql`deleted_at is null`),
    index('clues_tenant_city_idx')
      .on(t.tenantId, t.cityCode)
      .where(sql`deleted_at is null`),
    index('clues_tenant_district_idx')
      .on(t.tenantId, t.districtCode)
      .where(sql`deleted_at is null`),
    index('clues_tenant_industry_idx')
      .on(t.tenantId, t.industryCode.op('text_pattern_ops'))
      .where(sql`deleted_at is null`),
    index('clues_tenant_deleted_idx')
      .on(t.tenantId, t.deletedAt)
      .where(sql`deleted_at is not null`),
    // Migration 0020 also has: clues_search_grams_idx (GIN over lr_doc_bigrams(search_doc)), and
    // INCLUDE (owner_user_id) on the created and status indexes (index-only counts under a scope).
    check('clues_status_ck', sql`${t.status} between 0 and 3`),
  ],
);

/**
 * Version of each company's public page, bumped by triggers when the company or its child rows
 * change (migration 0015); the HTML cache serves a stored page only while it is unchanged.
 */
export const enterprisePageVersions = pgTable('enterprise_page_versions', {
  enterpriseId: bigint('enterprise_id', { mode: 'number' }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** One row; moves on when the corpus is truncated (ids restart), invalidating every cached page. */
export const pageCacheGeneration = pgTable(
  'page_cache_generation',
  {
    id: smallint('id').primaryKey().default(1),
    generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('page_cache_generation_single_row', sql`${t.id} = 1`)],
);
