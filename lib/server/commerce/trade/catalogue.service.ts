import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { products, tenantPackages } from '@/db/schema';
import type { VipEdition } from '@/lib/shared/trade/trade.contract';
import { EDITIONS, EDITION_TERM_DAYS, editionPriceFen } from '@/lib/shared/vip/editions';
import { config, getDb } from '@/lib/server/platform';

export type ProductRow = typeof products.$inferSelect;

export const editionProductCode = (edition: number, days = EDITION_TERM_DAYS) =>
  `edition-${edition}-${days}d`;

function termLabel(days: number): string {
  return days % 365 === 0 ? `${days / 365}年` : `${days}天`;
}

let synced: { url: string; done: Promise<void> } | null = null;

/**
 * Writes the paid editions of lib/shared/vip/editions.ts into products (one term each), so the
 * catalogue in the database always says what the code defines: price changes there reach the
 * list and new orders (orders keep the price they were made at). Once per process and database.
 */
export function ensureEditionProducts(): Promise<void> {
  const url = config.databaseUrl;
  if (synced?.url === url) return synced.done;
  const done = (async () => {
    const db = getDb();
    for (const e of EDITIONS) {
      if (e.id === 0) continue;
      const row = {
        kind: 'edition',
        code: editionProductCode(e.id),
        name: `${e.name}（${termLabel(EDITION_TERM_DAYS)}）`,
        edition: e.id,
        durationDays: EDITION_TERM_DAYS,
        creditAmount: null,
        priceFen: editionPriceFen(e),
        sort: e.id,
      };
      await db
        .insert(products)
        .values(row)
        .onConflictDoUpdate({
          target: products.code,
          set: { name: row.name, edition: row.edition, priceFen: row.priceFen, sort: row.sort },
        });
    }
  })();
  synced = { url, done };
  done.catch(() => {
    if (synced?.done === done) synced = null;
  });
  return done;
}

/** /product/vip/get-list: editions 0-4 from tenant_packages with the plans that sell each. */
export async function listVipEditions(): Promise<VipEdition[]> {
  await ensureEditionProducts();
  const db = getDb();
  const packages = await db.select().from(tenantPackages).orderBy(asc(tenantPackages.id));
  const plans = await db
    .select()
    .from(products)
    .where(and(eq(products.kind, 'edition'), eq(products.enabled, true)))
    .orderBy(asc(products.sort), asc(products.durationDays));
  // A database seeded before an edition existed still lists every edition the code defines.
  const byId = new Map(packages.map((p) => [p.id, p]));
  return EDITIONS.map((e) => {
    const p = byId.get(e.id);
    return {
      edition: e.id,
      name: p?.name ?? e.name,
      monthlyUnlockQuota: p?.monthlyUnlockQuota ?? e.monthlyUnlockQuota,
      maxSearchResults: p?.maxSearchResults ?? e.maxSearchResults,
      maxExportRows: p?.maxExportRows ?? e.maxExportRows,
      plans: plans
        .filter((x) => x.edition === e.id)
        .map((x) => ({
          productId: x.id,
          name: x.name,
          durationDays: x.durationDays ?? 0,
          priceFen: x.priceFen,
        })),
    };
  });
}

export async function findSellableProduct(id: number): Promise<ProductRow | null> {
  await ensureEditionProducts();
  const [row] = await getDb()
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.enabled, true)))
    .limit(1);
  return row ?? null;
}
