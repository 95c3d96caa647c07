import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { getReadDb } from '@/lib/server/platform';
import type { EnterpriseRow } from './enterprise.service';

/**
 * People have no identity of their own in the registry data, only a name per company. We treat
 * "the same name holding a role (key person or shareholder) in a company registered in the same
 * city as the anchor company" as the same person — the usual heuristic of registry products when
 * no person id is available. Results are capped so common names stay cheap.
 */
export const PERSON_RELATED_CAP = 100;

function scopeCondition(anchor: Pick<EnterpriseRow, 'cityCode' | 'provinceCode'>): SQL {
  if (anchor.cityCode) return sql`e.city_code = ${anchor.cityCode}`;
  if (anchor.provinceCode) return sql`e.province_code = ${anchor.provinceCode}`;
  return sql`false`;
}

/** Number of other companies (capped at PERSON_RELATED_CAP) per person name. */
export async function countPersonCompanies(
  names: string[],
  anchor: Pick<EnterpriseRow, 'id' | 'cityCode' | 'provinceCode'>,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const unique = [...new Set(names)].filter(Boolean);
  if (unique.length === 0) return out;
  const result = await getReadDb().execute<{ name: string; c: number }>(sql`
    select n.name, (
      select count(*) from (
        select 1 from enterprise_people p join enterprises e on e.id = p.enterprise_id
        where p.name = n.name and p.enterprise_id <> ${anchor.id} and ${scopeCondition(anchor)}
        limit ${PERSON_RELATED_CAP}
      ) x
    )::int as c
    from unnest(${sql.param(unique)}::text[]) as n(name)`);
  for (const r of result.rows) out.set(r.name, Number(r.c));
  return out;
}

export type PersonCompany = {
  entId: number;
  name: string;
  uncid: string;
  status: string;
  roles: string[];
  isLegalPerson: boolean;
  /** Percent held when the person is also a shareholder. */
  ratio: number | null;
};

/**
 * Companies where the person holds a role, the anchor first, then by prominence. `names` are
 * looked up together (the relationship map asks for several people at once); at most
 * `perName` companies each.
 */
export async function findPersonCompanies(
  names: string[],
  anchor: Pick<EnterpriseRow, 'id' | 'cityCode' | 'provinceCode'>,
  perName: number,
  opts: { includeAnchor?: boolean } = {},
): Promise<Map<string, PersonCompany[]>> {
  const out = new Map<string, PersonCompany[]>();
  const unique = [...new Set(names)].filter(Boolean);
  if (unique.length === 0) return out;
  const anchorCondition = opts.includeAnchor ? sql`true` : sql`p.enterprise_id <> ${anchor.id}`;
  const result = await getReadDb().execute<{
    person: string;
    ent_id: number;
    name: string;
    uncid: string;
    status: string;
    roles: string[];
    legal_person: string;
    ratio: number | null;
  }>(sql`
    select x.person, x.ent_id, x.name, x.uncid, x.status, x.roles, x.legal_person,
      (select s.ratio from enterprise_shareholders s
        where s.enterprise_id = x.ent_id and s.holder_type = 'person' and s.holder_name = x.person
        order by s.ratio desc nulls last limit 1) as ratio
    from (
      select p.name as person, e.id as ent_id, e.name, e.uncid, e.status, p.roles, e.legal_person,
        row_number() over (partition by p.name order by (e.id = ${anchor.id}) desc, e.weight desc, e.id) as rn
      from enterprise_people p join enterprises e on e.id = p.enterprise_id
      where p.name = any(${sql.param(unique)}::text[])
        and ${anchorCondition}
        and (e.id = ${anchor.id} or ${scopeCondition(anchor)})
    ) x
    where x.rn <= ${perName}
    order by x.person, x.rn`);
  for (const r of result.rows) {
    const item: PersonCompany = {
      entId: Number(r.ent_id),
      name: r.name,
      uncid: r.uncid,
      status: r.status,
      roles: r.roles ?? [],
      isLegalPerson: r.legal_person === r.person,
      ratio: r.ratio === null ? null : Number(r.ratio),
    };
    const list = out.get(r.person);
    if (list) list.push(item);
    else out.set(r.person, [item]);
  }
  return out;
}
