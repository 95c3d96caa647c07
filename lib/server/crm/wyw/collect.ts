import { sql } from 'drizzle-orm';
import { contactCollections, enterpriseContacts, enterprises } from '@/db/schema';
import { getDb, type JobTx } from '@/lib/server/platform';
import {
  cleanContacts,
  type CollectedContact,
  type CompanyRef,
  type ContactSource,
} from '../contact-source';

/** What a collection of one company came to: null when the source could not answer. */
export type Found = Map<number, CollectedContact[] | null>;
export type Stored = Map<number, { found: number; new: number }>;

type Tx = JobTx;

/** The facts a ContactSource is given about each company. */
export async function companyRefs(entIds: number[]): Promise<CompanyRef[]> {
  if (entIds.length === 0) return [];
  const rows = await getDb()
    .select({
      id: enterprises.id,
      name: enterprises.name,
      uncid: enterprises.uncid,
      legalPerson: enterprises.legalPerson,
      website: enterprises.website,
      cityCode: enterprises.cityCode,
      address: enterprises.address,
    })
    .from(enterprises)
    .where(sql`${enterprises.id} = any(${sql.param(entIds)}::bigint[])`);
  return rows;
}

/**
 * Asks the source about each company, at most `source.concurrency` at once; a company whose
 * question failed maps to null (counted, nothing stored). No transaction is open meanwhile.
 */
export async function collectAll(
  companies: CompanyRef[],
  source: ContactSource,
  onError?: (company: CompanyRef, err: Error) => void,
): Promise<Found> {
  const found: Found = new Map();
  let next = 0;
  const worker = async () => {
    while (next < companies.length) {
      const company = companies[next++];
      try {
        found.set(company.id, cleanContacts(await source.collect(company)));
      } catch (err) {
        onError?.(company, err as Error);
        found.set(company.id, null);
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(Math.max(1, source.concurrency), companies.length) }, worker),
  );
  return found;
}

/**
 * Stores what was found: contacts not yet known for the company (same type and value) are added
 * to enterprise_contacts, the company's contact counts follow, and the collection is recorded.
 * Companies are locked one by one in id order (advisory, per company), so two jobs collecting the
 * same company at once cannot both add a contact. Runs inside the caller's transaction (a job
 * step), so it commits with the step's checkpoint or not at all.
 */
export async function storeFound(tx: Tx, found: Found): Promise<Stored> {
  const stored: Stored = new Map();
  const ids = [...found.keys()].filter((id) => found.get(id) !== null).sort((a, b) => a - b);
  if (ids.length === 0) return stored;
  for (const id of ids)
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('wyw_contacts'), ${id % 2_147_483_647}::int)`,
    );
  const known = await tx
    .select({
      enterpriseId: enterpriseContacts.enterpriseId,
      type: enterpriseContacts.type,
      value: enterpriseContacts.value,
    })
    .from(enterpriseContacts)
    .where(sql`${enterpriseContacts.enterpriseId} = any(${sql.param(ids)}::bigint[])`);
  const knownKeys = new Set(known.map((k) => `${k.enterpriseId}\u0000${k.type}\u0000${k.value}`));
  const rows: (typeof enterpriseContacts.$inferInsert)[] = [];
  for (const id of ids) {
    const list = found.get(id) ?? [];
    let added = 0;
    for (const c of list) {
      const key = `${id}\u0000${c.type}\u0000${c.value}`;
      if (knownKeys.has(key)) continue;
      knownKeys.add(key);
      added += 1;
      rows.push({
        enterpriseId: id,
        type: c.type,
        value: c.value,
        personName: c.personName ?? null,
        position: c.position ?? null,
        source: c.source,
      });
    }
    stored.set(id, { found: list.length, new: added });
  }
  if (rows.length > 0) {
    await tx.insert(enterpriseContacts).values(rows);
    const changed = [...new Set(rows.map((r) => r.enterpriseId))];
    await tx.execute(sql`
      update enterprises e set
        phone_count = least(32767, c.phones), email_count = least(32767, c.emails)
      from (
        select enterprise_id,
          count(*) filter (where type <> 'email') as phones,
          count(*) filter (where type = 'email') as emails
        from enterprise_contacts
        where enterprise_id = any(${sql.param(changed)}::bigint[])
        group by enterprise_id
      ) c
      where e.id = c.enterprise_id`);
  }
  await tx
    .insert(contactCollections)
    .values(
      ids.map((id) => ({
        enterpriseId: id,
        foundCount: stored.get(id)!.found,
        newCount: stored.get(id)!.new,
      })),
    )
    .onConflictDoUpdate({
      target: contactCollections.enterpriseId,
      set: {
        collectedAt: sql`now()`,
        foundCount: sql`excluded.found_count`,
        newCount: sql`excluded.new_count`,
      },
    });
  return stored;
}
