import type pg from 'pg';
import { seedEnterprises, seedReferenceData } from '../db/seed';
import { seedPlatform } from '../db/seed/platform';

/** Enough companies for search, facets and paging to mean something; small enough to clone fast. */
export const TEST_TEMPLATE_ENTERPRISES = 2000;

/**
 * What every API test database starts with: reference data (regions, industries), the platform
 * (editions, roles, menus, demo tenants and users with demo passwords) and a small generated
 * enterprise corpus from the same deterministic generator the product seeds with.
 */
export async function seedTestTemplate(pool: pg.Pool): Promise<void> {
  await seedReferenceData(pool);
  await seedPlatform(pool, { demoPasswords: true });
  await seedEnterprises(pool, { count: TEST_TEMPLATE_ENTERPRISES });
}
