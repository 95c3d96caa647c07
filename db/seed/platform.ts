import type pg from 'pg';

export type SeedPlatformOptions = { demoPasswords?: boolean };

/**
 * Platform demo data: editions, tenants, users, roles, menus.
 * TODO(platform helper): placeholder — replaced by the platform seed; scripts/seed.ts already calls it.
 */
export async function seedPlatform(
  pool: pg.Pool,
  options: SeedPlatformOptions = {},
): Promise<void> {
  void pool;
  void options;
}
