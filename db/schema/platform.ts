import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => bigserial('id', { mode: 'number' }).primaryKey();
const ref = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Editions 0-4 (free, personal, standard, advanced, enterprise) and what each includes. */
export const tenantPackages = pgTable('tenant_packages', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  /** Contacts a tenant may unlock per calendar month. */
  monthlyUnlockQuota: integer('monthly_unlock_quota').notNull(),
  /** Deepest search result a user of this edition may page to. */
  maxSearchResults: integer('max_search_results').notNull(),
  /** Rows per export file. */
  maxExportRows: integer('max_export_rows').notNull(),
  /** Most member seats a tenant administrator may set (docs/adr/0080). */
  maxMembers: integer('max_members').notNull().default(5),
  priceYuanPerYear: integer('price_yuan_per_year').notNull(),
  createdAt: createdAt(),
});

export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    name: text('name').notNull(),
    /** The enterprise the tenant represents, when it was created by binding one. */
    enterpriseId: ref('enterprise_id'),
    uncid: text('uncid'),
    contactUserId: ref('contact_user_id'),
    edition: smallint('edition').notNull().default(0),
    editionExpiresAt: timestamp('edition_expires_at', { withTimezone: true }),
    logo: text('logo'),
    /** Join requests need an administrator's approval. */
    approvalRequired: boolean('approval_required').notNull().default(true),
    /** Logging in elsewhere forces older sessions of the same user offline. */
    singleSession: boolean('single_session').notNull().default(true),
    /** Member seats; null = the edition's maximum (docs/adr/0080). */
    memberLimit: integer('member_limit'),
    /** The limit was set by the platform: it stands whatever the edition. */
    memberLimitByPlatform: boolean('member_limit_by_platform').notNull().default(false),
    /** 0 active, 1 disabled by the platform (its members cannot sign in). */
    status: smallint('status').notNull().default(0),
    /** Why the platform disabled the tenant (the operator's console requires a reason). */
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('tenants_name_uq').on(t.name), index('tenants_uncid_idx').on(t.uncid)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Null until the user binds or joins an enterprise. */
    tenantId: ref('tenant_id'),
    username: text('username').notNull(),
    mobile: text('mobile'),
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull(),
    avatar: text('avatar'),
    /** 0 active, 1 disabled. */
    status: smallint('status').notNull().default(0),
    /** The profile's free-text department (sztkDept); the member page shows dept_id's name. */
    deptName: text('dept_name'),
    /** Department of the member's tenant; null = none. */
    deptId: ref('dept_id'),
    identity: text('identity'),
    industry: text('industry'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username),
    uniqueIndex('users_mobile_uq').on(t.mobile),
    index('users_tenant_idx').on(t.tenantId),
    index('users_dept_idx').on(t.deptId),
  ],
);

/** A tenant's department tree (parent_id 0 = top level). */
export const departments = pgTable(
  'departments',
  {
    id: id(),
    tenantId: ref('tenant_id').notNull(),
    parentId: ref('parent_id').notNull().default(0),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('departments_tenant_idx').on(t.tenantId, t.parentId),
    uniqueIndex('departments_sibling_name_uq').on(t.tenantId, t.parentId, t.name),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    /** Null for the platform-wide built-in roles every tenant shares. */
    tenantId: ref('tenant_id'),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** The four roles of spec section 6 cannot be edited or deleted. */
    builtIn: boolean('built_in').notNull().default(false),
    /** 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 self only. */
    dataScope: smallint('data_scope').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    remark: text('remark'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_tenant_code_uq').on(t.tenantId, t.code)],
);

/**
 * The spec's "menu item from server" tree. Type 1 = directory, 2 = page, 3 = button; buttons
 * carry the permission strings that the API checks (yudao style, e.g. `system:role:update`).
 */
export const menus = pgTable(
  'menus',
  {
    id: id(),
    parentId: ref('parent_id').notNull().default(0),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    permission: text('permission'),
    path: text('path'),
    icon: text('icon'),
    component: text('component'),
    componentName: text('component_name'),
    sort: integer('sort').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    clickable: boolean('clickable').notNull().default(true),
    keepAlive: boolean('keep_alive').notNull().default(false),
    /** 0 and 2 are shown on the web; other platforms are hidden by the client. */
    platform: smallint('platform').notNull().default(0),
    /** Menu tag such as 'new'. */
    badge: text('badge'),
    createdAt: createdAt(),
  },
  (t) => [index('menus_parent_idx').on(t.parentId)],
);

export const roleMenus = pgTable(
  'role_menus',
  { roleId: ref('role_id').notNull(), menuId: ref('menu_id').notNull() },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/** Departments of a role with data scope 2 (指定部门). */
export const roleDepts = pgTable(
  'role_depts',
  { roleId: ref('role_id').notNull(), deptId: ref('dept_id').notNull() },
  (t) => [primaryKey({ columns: [t.roleId, t.deptId] }), index('role_depts_dept_idx').on(t.deptId)],
);

export const userRoles = pgTable(
  'user_roles',
  { userId: ref('user_id').notNull(), roleId: ref('role_id').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** Opaque refresh tokens (hashed); each carries the access tokens issued from it. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: ref('user_id').notNull(),
    tenantId: ref('tenant_id'),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why it was revoked: logout, offline (logged in elsewhere), password, deleted, refresh. */
    revokedReason: text('revoked_reason'),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Refresh tokens already exchanged. A refresh token rotates on use (the session keeps its row in
 * refresh_tokens, with a new hash); presenting a used one again means it was copied, and ends the
 * session (family) it belonged to.
 */
export const refreshTokenRotations = pgTable(
  'refresh_token_rotations',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The session (refresh_tokens.id) the used token belonged to. */
    refreshTokenId: ref('refresh_token_id').notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The token that replaced this one, sealed with the session secret, for a straggling request
     * within the grace window (ADR 0210); null after it.
     */
    nextTokenSealed: text('next_token_sealed'),
  },
  (t) => [index('refresh_token_rotations_session_idx').on(t.refreshTokenId)],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    refreshTokenId: ref('refresh_token_id').notNull(),
    userId: ref('user_id').notNull(),
    tenantId: ref('tenant_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_uq').on(t.tokenHash),
    index('access_tokens_refresh_idx').on(t.refreshTokenId),
    index('access_tokens_user_idx').on(t.userId),
  ],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    mobile: text('mobile').notNull(),
    scene: smallint('scene').notNull(),
    code: text('code').notNull(),
    createIp: text('create_ip'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Answered to the caller (demo mode): valid only while the number is open in the demo. */
    revealed: boolean('revealed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_codes_mobile_idx').on(t.mobile, t.createdAt),
    index('sms_codes_ip_idx').on(t.createIp, t.createdAt),
  ],
);

/** Captcha challenges: the answer never leaves the server; each token is checked once. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    token: text('token').primaryKey(),
    captchaType: text('captcha_type').notNull(),
    secretKey: text('secret_key').notNull(),
    /** {x, y} for the slider, [{x, y}, ...] in click order for click-word. */
    answer: jsonb('answer').notNull(),
    clientUid: text('client_uid'),
    clientIp: text('client_ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    passed: boolean('passed'),
    /** The captchaVerification string remembered after a pass, valid 180 s, used once. */
    verification: text('verification'),
    verificationExpiresAt: timestamp('verification_expires_at', { withTimezone: true }),
    verificationUsedAt: timestamp('verification_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('captcha_verification_idx').on(t.verification),
    index('captcha_client_idx').on(t.clientUid, t.createdAt),
  ],
);

/** QR tickets for WeChat login (scene login) and binding (scene bind). */
export const qrTickets = pgTable('qr_tickets', {
  ticket: text('ticket').primaryKey(),
  scene: text('scene').notNull(),
  /** 0 expired, 1 waiting, 2 done, 3 bound to another account (bind scene); see qr service. */
  status: smallint('status').notNull().default(1),
  openid: text('openid'),
  userId: ref('user_id'),
  /** For the bind scene: the user asking to bind. */
  requestUserId: ref('request_user_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  scannedAt: timestamp('scanned_at', { withTimezone: true }),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Social accounts bound to users (type 31 = WeChat official account). */
export const socialUsers = pgTable(
  'social_users',
  {
    id: id(),
    userId: ref('user_id'),
    type: smallint('type').notNull(),
    openid: text('openid').notNull(),
    unionid: text('unionid'),
    nickname: text('nickname'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('social_users_type_openid_uq').on(t.type, t.openid),
    index('social_users_user_idx').on(t.userId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    tenantId: ref('tenant_id'),
    userId: ref('user_id').notNull(),
    templateCode: text('template_code'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** The page the message leads to (an order, a lead, …); null for older ones (migration 0035). */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // The unread count (migration 0017).
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
  ],
);

export const featureNavGroups = pgTable('feature_nav_groups', {
  id: id(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const featureNavs = pgTable(
  'feature_navs',
  {
    id: id(),
    groupId: ref('group_id').notNull(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    path: text('path').notNull(),
    icon: text('icon'),
    sort: integer('sort').notNull().default(0),
    /** Hidden until the page it leads to exists. */
    visible: boolean('visible').notNull().default(true),
    external: boolean('external').notNull().default(false),
  },
  (t) => [index('feature_navs_group_idx').on(t.groupId)],
);

export const featureNavUsage = pgTable(
  'feature_nav_usage',
  {
    userId: ref('user_id').notNull(),
    featureId: ref('feature_id').notNull(),
    type: smallint('type').notNull().default(0),
    uses: integer('uses').notNull().default(1),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.featureId] })],
);

export const files = pgTable(
  'files',
  {
    id: id(),
    tenantId: ref('tenant_id'),
    userId: ref('user_id'),
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_storage_key_uq').on(t.storageKey)],
);

/** Audit and track log (spec 7.2 track-log plus security-relevant events). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    tenantId: ref('tenant_id'),
    userId: ref('user_id'),
    action: text('action').notNull(),
    target: text('target'),
    detail: jsonb('detail'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_tenant_idx').on(t.tenantId, t.createdAt),
    index('audit_logs_action_idx').on(t.action, t.createdAt),
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Failed password attempts, for the 5-in-15-minutes lock-out. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    username: text('username').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_username_idx').on(t.username, t.createdAt)],
);

/** Fixed-window counters shared by every app instance (SMS, captcha, login, search). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    tenantId: ref('tenant_id').notNull(),
    inviterUserId: ref('inviter_user_id').notNull(),
    code: text('code').notNull(),
    /** 1 joins the tenant directly; 0 is a share link whose joiners need approval. */
    type: smallint('type').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_code_uq').on(t.code),
    index('invitations_tenant_idx').on(t.tenantId),
  ],
);

export const invitationRecords = pgTable(
  'invitation_records',
  {
    id: id(),
    invitationId: ref('invitation_id').notNull(),
    tenantId: ref('tenant_id').notNull(),
    invitedUserId: ref('invited_user_id').notNull(),
    invitedMobile: text('invited_mobile'),
    rewardGranted: boolean('reward_granted').notNull().default(false),
    /** Earns the tenant its reward: a phone's first invitation, within the tenant's monthly cap. */
    rewardEligible: boolean('reward_eligible').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitation_records_tenant_idx').on(t.tenantId, t.createdAt),
    index('invitation_records_mobile_idx').on(t.invitedMobile),
    index('invitation_records_invitee_idx').on(t.invitedUserId),
  ],
);

export const joinRequests = pgTable(
  'join_requests',
  {
    id: id(),
    tenantId: ref('tenant_id').notNull(),
    userId: ref('user_id').notNull(),
    mobile: text('mobile'),
    /** 0 pending, 1 approved, 2 rejected, 3 cancelled. */
    status: smallint('status').notNull().default(0),
    invitationCode: text('invitation_code'),
    handledBy: ref('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('join_requests_tenant_idx').on(t.tenantId, t.status),
    index('join_requests_user_idx').on(t.userId),
  ],
);

/** Extra unlock quota granted to a tenant (invitation rewards, purchases, support). */
export const quotaGrants = pgTable(
  'quota_grants',
  {
    id: id(),
    tenantId: ref('tenant_id').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    refId: text('ref_id'),
    /** Unlocks charged to this grant after the month's edition allowance ran out. */
    consumed: integer('consumed').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('quota_grants_tenant_idx').on(t.tenantId)],
);

/**
 * Short-lived single-use codes that are not SMS codes: the phone-change authorisation code, the
 * bind-enterprise and register tickets handed out by login, and demo WeChat web-login codes.
 * Only the hash of the code is stored.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    /** auth_mobile | bind_enterprise | register | wx_web_code | park_entry | partner_entry */
    kind: text('kind').notNull(),
    codeHash: text('code_hash').notNull(),
    userId: ref('user_id'),
    payload: jsonb('payload'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_codes_hash_uq').on(t.kind, t.codeHash)],
);

/** Spec 7.2 POST /system/feedback/create. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: id(),
    tenantId: ref('tenant_id'),
    userId: ref('user_id'),
    type: text('type'),
    content: text('content').notNull(),
    contact: text('contact'),
    pagePath: text('page_path'),
    createdAt: createdAt(),
  },
  (t) => [index('feedbacks_created_idx').on(t.createdAt)],
);
