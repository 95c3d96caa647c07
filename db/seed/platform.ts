import type pg from 'pg';
import { withTransaction } from '../../lib/server/platform/db/transaction';
import { hashPassword } from '../../lib/server/identity/auth/password';
import { BUILT_IN_ROLES } from '../../lib/shared/auth/permission';
import { isBuiltPage } from '../../lib/shared/routes';
import { EDITIONS } from '../../lib/shared/vip/editions';
import { EDITION_MAX_MEMBERS } from '../../lib/shared/tenant/member-limit';
import {
  DEMO_ACCOUNT_DEPTS,
  DEMO_ACCOUNTS,
  DEMO_ADMIN_PASSWORD,
  DEMO_DEPARTMENTS,
  DEMO_TENANTS,
  DEMO_USER_PASSWORD,
  FEATURE_NAV_GROUPS,
  MENU_TREE,
  PLATFORM_TENANT_NAME,
  SEED_MENU_ID_LIMIT,
  type MenuAccess,
  type MenuSeed,
} from './platform-data';

export type SeedPlatformOptions = {
  /**
   * Give demo accounts their documented passwords when they are created (never overwrites a
   * password a user has changed since).
   */
  demoPasswords?: boolean;
};

/** Which built-in roles receive a menu entry of each access level. */
const ROLES_BY_ACCESS: Record<MenuAccess, string[]> = {
  all: [BUILT_IN_ROLES.employee.code, BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
  tenantAdmin: [BUILT_IN_ROLES.admin.code, BUILT_IN_ROLES.tenantAdmin.code],
  admin: [BUILT_IN_ROLES.admin.code],
  // super_admin holds every permission; platform entries need no role rows.
  platform: [],
};

type MenuRow = {
  id: number;
  parentId: number;
  name: string;
  type: number;
  permission: string | null;
  path: string | null;
  icon: string | null;
  componentName: string | null;
  sort: number;
  visible: boolean;
  keepAlive: boolean;
  badge: string | null;
  access: MenuAccess;
  grantWith?: string;
};

function flattenMenus(tree: MenuSeed[], parentId = 0): MenuRow[] {
  return tree.flatMap((m, i) => {
    const own: MenuRow = {
      id: m.id,
      parentId,
      name: m.name,
      type: m.type,
      permission: null,
      path: m.path ?? null,
      icon: m.icon ?? null,
      componentName: m.componentName ?? null,
      sort: i,
      // A page that does not exist yet is kept hidden (no menu entry leads to a 404).
      visible: !m.hiddenInMenu && isBuiltPage(m.path),
      keepAlive: m.keepAlive ?? false,
      badge: m.badge ?? null,
      access: m.access,
    };
    const buttons: MenuRow[] = (m.buttons ?? []).map((b, j) => ({
      id: b.id,
      parentId: m.id,
      name: b.name,
      type: 3,
      permission: b.permission,
      path: null,
      icon: null,
      componentName: null,
      sort: j,
      visible: true,
      keepAlive: false,
      badge: null,
      access: b.access ?? m.access,
      grantWith: b.grantWith,
    }));
    return [own, ...buttons, ...flattenMenus(m.children ?? [], m.id)];
  });
}

async function seedEditions(client: pg.PoolClient): Promise<void> {
  for (const e of EDITIONS) {
    await client.query(
      `insert into tenant_packages (id, name, monthly_unlock_quota, max_search_results, max_export_rows, price_yuan_per_year, max_members)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (id) do update set name = excluded.name, monthly_unlock_quota = excluded.monthly_unlock_quota,
         max_search_results = excluded.max_search_results, max_export_rows = excluded.max_export_rows,
         price_yuan_per_year = excluded.price_yuan_per_year, max_members = excluded.max_members`,
      [
        e.id,
        e.name,
        e.monthlyUnlockQuota,
        e.maxSearchResults,
        e.maxExportRows,
        e.priceYuanPerYear,
        EDITION_MAX_MEMBERS[e.id] ?? 5,
      ],
    );
  }
}

/** The four built-in roles are platform-wide (tenant_id null); returns code → id. */
async function seedBuiltInRoles(client: pg.PoolClient): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const all = Object.values(BUILT_IN_ROLES);
  for (const [sort, role] of all.entries()) {
    // The unique index treats NULL tenant ids as distinct, so look up before inserting.
    const found = await client.query<{ id: string }>(
      'select id from roles where tenant_id is null and code = $1',
      [role.code],
    );
    let id = found.rows[0]?.id;
    if (!id) {
      const inserted = await client.query<{ id: string }>(
        `insert into roles (tenant_id, name, code, built_in, data_scope, sort) values (null, $1, $2, true, 1, $3) returning id`,
        [role.name, role.code, sort],
      );
      id = inserted.rows[0].id;
    } else {
      await client.query('update roles set name = $2, built_in = true where id = $1', [
        id,
        role.name,
      ]);
    }
    ids.set(role.code, Number(id));
  }
  return ids;
}

async function seedMenus(client: pg.PoolClient, roleIds: Map<string, number>): Promise<void> {
  const rows = flattenMenus(MENU_TREE);
  const existing = await client.query<{ id: string }>('select id from menus where id = any($1)', [
    rows.map((m) => m.id),
  ]);
  const seededBefore = new Set(existing.rows.map((r) => Number(r.id)));
  for (const m of rows) {
    await client.query(
      `insert into menus (id, parent_id, name, type, permission, path, icon, component_name, sort, visible, keep_alive, badge, platform)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0)
       on conflict (id) do update set parent_id = excluded.parent_id, name = excluded.name, type = excluded.type,
         permission = excluded.permission, path = excluded.path, icon = excluded.icon,
         component_name = excluded.component_name, sort = excluded.sort, visible = excluded.visible,
         keep_alive = excluded.keep_alive, badge = excluded.badge`,
      [
        m.id,
        m.parentId,
        m.name,
        m.type,
        m.permission,
        m.path,
        m.icon,
        m.componentName,
        m.sort,
        m.visible,
        m.keepAlive,
        m.badge,
      ],
    );
  }
  const ids = rows.map((m) => m.id);
  // Seed-owned rows the tree no longer lists go away; menus created by tenants (ids above the limit) stay.
  await client.query(
    'delete from role_menus where menu_id < $1 and not (menu_id = any($2::bigint[]))',
    [SEED_MENU_ID_LIMIT, ids],
  );
  await client.query('delete from menus where id < $1 and not (id = any($2::bigint[]))', [
    SEED_MENU_ID_LIMIT,
    ids,
  ]);
  await client.query(
    `select setval(pg_get_serial_sequence('menus', 'id'), greatest($1, (select max(id) from menus)))`,
    [SEED_MENU_ID_LIMIT],
  );

  const builtIn = [...roleIds.values()];
  await client.query('delete from role_menus where role_id = any($1::bigint[]) and menu_id < $2', [
    builtIn,
    SEED_MENU_ID_LIMIT,
  ]);
  for (const m of rows) {
    for (const code of ROLES_BY_ACCESS[m.access]) {
      const roleId = roleIds.get(code);
      if (roleId)
        await client.query(
          'insert into role_menus (role_id, menu_id) values ($1, $2) on conflict do nothing',
          [roleId, m.id],
        );
    }
  }
  // A new guard on an action roles could already take: granted once to every role that could.
  for (const m of rows) {
    if (!m.grantWith || seededBefore.has(m.id)) continue;
    await client.query(
      `insert into role_menus (role_id, menu_id)
       select distinct rm.role_id, $1::bigint from role_menus rm join menus g on g.id = rm.menu_id
        where g.permission = $2
       on conflict do nothing`,
      [m.id, m.grantWith],
    );
  }
}

async function seedFeatureNav(client: pg.PoolClient): Promise<void> {
  for (const [gi, group] of FEATURE_NAV_GROUPS.entries()) {
    await client.query(
      `insert into feature_nav_groups (id, name, sort) values ($1, $2, $3)
       on conflict (id) do update set name = excluded.name, sort = excluded.sort`,
      [group.id, group.name, gi],
    );
    for (const [i, item] of group.items.entries()) {
      await client.query(
        `insert into feature_navs (id, group_id, name, label, path, icon, sort, visible, external)
         values ($1, $2, $3, $4, $5, $6, $7, true, $8)
         on conflict (id) do update set group_id = excluded.group_id, name = excluded.name, label = excluded.label,
           path = excluded.path, icon = excluded.icon, sort = excluded.sort, external = excluded.external`,
        [
          item.id,
          group.id,
          item.name,
          item.label,
          item.path,
          item.icon ?? null,
          i,
          item.external ?? false,
        ],
      );
    }
  }
  for (const table of ['feature_nav_groups', 'feature_navs']) {
    await client.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), greatest(1000, (select max(id) from ${table})))`,
    );
  }
}

async function ensureTenant(client: pg.PoolClient, name: string, edition: number): Promise<number> {
  await client.query(
    `insert into tenants (name, edition, edition_expires_at, approval_required)
     values ($1, $2::smallint, case when $2::smallint > 0 then now() + interval '365 days' end, true)
     on conflict (name) do nothing`,
    [name, edition],
  );
  const r = await client.query<{ id: string }>('select id from tenants where name = $1', [name]);
  return Number(r.rows[0].id);
}

/** The demo departments of a demo tenant; ones an administrator renamed or deleted are not re-added. */
async function seedDemoDepartments(client: pg.PoolClient, tenantId: number): Promise<boolean> {
  const existing = await client.query('select 1 from departments where tenant_id = $1 limit 1', [
    tenantId,
  ]);
  if (existing.rowCount) return false;
  const ids = new Map<string, number>();
  for (const d of DEMO_DEPARTMENTS) {
    const parentId = d.parent ? (ids.get(d.parent) ?? 0) : 0;
    const r = await client.query<{ id: string }>(
      `insert into departments (tenant_id, parent_id, name, sort) values ($1, $2, $3, $4) returning id`,
      [tenantId, parentId, d.name, d.sort],
    );
    ids.set(d.name, Number(r.rows[0].id));
  }
  return true;
}

async function seedDemoAccounts(
  client: pg.PoolClient,
  roleIds: Map<string, number>,
  demoPasswords: boolean,
): Promise<void> {
  const platformTenant = await ensureTenant(client, PLATFORM_TENANT_NAME, 4);
  const tenantIds = [];
  for (const t of DEMO_TENANTS) tenantIds.push(await ensureTenant(client, t.name, t.edition));
  // Tenants whose demo departments are new this run: their demo accounts are placed in them once.
  const placeIn = new Set<number>();
  for (const tenantId of tenantIds)
    if (await seedDemoDepartments(client, tenantId)) placeIn.add(tenantId);
  // One hash per password: scrypt is deliberately slow.
  const hashes = demoPasswords
    ? {
        admin: await hashPassword(DEMO_ADMIN_PASSWORD),
        user: await hashPassword(DEMO_USER_PASSWORD),
      }
    : null;
  for (const account of DEMO_ACCOUNTS) {
    const tenantId = account.tenant === 'platform' ? platformTenant : tenantIds[account.tenant];
    const hash = hashes ? (account.tenant === 'platform' ? hashes.admin : hashes.user) : null;
    await client.query(
      `insert into users (tenant_id, username, mobile, password_hash, nickname, password_changed_at)
       values ($1, $2, $3, $4, $5, now()) on conflict (username) do nothing`,
      [tenantId, account.username, account.mobile, hash, account.nickname],
    );
    const user = await client.query<{ id: string }>('select id from users where username = $1', [
      account.username,
    ]);
    const userId = Number(user.rows[0].id);
    for (const code of account.roles) {
      const roleId = roleIds.get(code);
      if (roleId)
        await client.query(
          'insert into user_roles (user_id, role_id) values ($1, $2) on conflict do nothing',
          [userId, roleId],
        );
    }
    const deptName =
      account.tenant === 'platform' || !placeIn.has(tenantId)
        ? undefined
        : DEMO_ACCOUNT_DEPTS[account.username.slice(account.username.lastIndexOf('_') + 1)];
    if (deptName) {
      await client.query(
        `update users set dept_id = (select id from departments where tenant_id = $2 and name = $3 limit 1)
         where id = $1 and tenant_id = $2 and dept_id is null`,
        [userId, tenantId, deptName],
      );
    }
    if (account.roles.includes(BUILT_IN_ROLES.tenantAdmin.code)) {
      await client.query(
        'update tenants set contact_user_id = $2 where id = $1 and contact_user_id is null',
        [tenantId, userId],
      );
    }
  }
}

/**
 * Platform demo data: editions, the four built-in roles, the menu tree with its buttons and role
 * grants, the "more tools" groups, and one demo tenant per edition with an administrator and an
 * employee. Idempotent: every start runs it, so menu changes ship with the code, while rows users
 * created or changed (passwords, tenant settings, own roles and menus) are left alone.
 */
export async function seedPlatform(
  pool: pg.Pool,
  options: SeedPlatformOptions = {},
): Promise<void> {
  await withTransaction(pool, async (client) => {
    // Two instances starting together must not seed twice.
    await client.query('select pg_advisory_xact_lock(hashtext($1))', ['leadradar:seed-platform']);
    await seedEditions(client);
    const roleIds = await seedBuiltInRoles(client);
    await seedMenus(client, roleIds);
    await seedFeatureNav(client);
    await seedDemoAccounts(client, roleIds, options.demoPasswords ?? true);
  });
}
