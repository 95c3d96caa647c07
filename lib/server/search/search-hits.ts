import type pg from 'pg';
import { regionName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import { highlight, searchForm } from '@/lib/shared/search/query';
import type { EnterpriseSearchHit, MatchField } from '@/lib/shared/search/types';

/* The result rows of a page: details, the keyword highlighted, and where it matched. */

type DetailRow = {
  id: number;
  name: string;
  former_names: string[];
  brand_words: string[];
  uncid: string;
  status: string;
  legal_person: string;
  reg_capital: number | null;
  reg_capital_currency: string;
  establish_date: string | null;
  province_code: string | null;
  city_code: string | null;
  address: string | null;
  industry_class: string | null;
  industry_section: string | null;
  org_type: string;
  tags: string[];
  phone_count: number;
  email_count: number;
  website: string | null;
  business_scope: string | null;
};

/** The result rows of the given ids, in that order, highlighted for the keyword. */
export async function loadHits(
  db: pg.Pool | pg.PoolClient,
  ids: number[],
  keyword: string,
): Promise<EnterpriseSearchHit[]> {
  if (ids.length === 0) return [];
  const [{ rows }, holders] = await Promise.all([
    db.query<DetailRow>(
      `select e.id::int as id, e.name, e.former_names, e.brand_words, e.uncid, e.status, e.legal_person,
            e.reg_capital::float8 as reg_capital, e.reg_capital_currency, to_char(e.establish_date, 'YYYY-MM-DD') as establish_date,
            e.province_code, e.city_code, e.address, e.industry_class, e.industry_section, e.org_type, e.tags,
            e.phone_count, e.email_count, e.website, e.business_scope
       from enterprises e where e.id = any($1::bigint[])`,
      [ids],
    ),
    keyword
      ? db.query<{ enterprise_id: number; holder_name: string }>(
          `select s.enterprise_id::int as enterprise_id, s.holder_name from enterprise_shareholders s
            where s.enterprise_id = any($1::bigint[]) and position(public.lr_search_norm($2) in public.lr_search_norm(s.holder_name)) > 0`,
          [ids, keyword],
        )
      : Promise.resolve({ rows: [] as { enterprise_id: number; holder_name: string }[] }),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        name: r.name,
        nameSegments: highlight(r.name, keyword),
        uncid: r.uncid,
        status: r.status,
        legalPerson: r.legal_person,
        regCapital: r.reg_capital,
        regCapitalCurrency: r.reg_capital_currency,
        establishDate: r.establish_date,
        provinceName: regionName(r.province_code),
        cityName: regionName(r.city_code),
        address: r.address,
        industryName: industryName(r.industry_class) || industryName(r.industry_section),
        orgType: r.org_type,
        tags: r.tags,
        phoneCount: r.phone_count,
        emailCount: r.email_count,
        website: r.website,
        matched: matchedField(
          r,
          keyword,
          holders.rows.find((h) => h.enterprise_id === id)?.holder_name,
        ),
      },
    ];
  });
}

/** Why a row matched when the name itself does not show it. */
function matchedField(
  r: DetailRow,
  keyword: string,
  holder: string | undefined,
): EnterpriseSearchHit['matched'] {
  const form = searchForm(keyword);
  if (!form) return null;
  const has = (text: string | null | undefined) => !!text && searchForm(text).includes(form);
  if (has(r.name)) return null;
  const pick = (field: MatchField, text: string) => ({
    field,
    segments: highlight(snippet(text, keyword), keyword),
  });
  const former = r.former_names.find(has);
  if (former) return pick('曾用名', former);
  const brand = r.brand_words.find(has);
  if (brand) return pick('品牌', brand);
  if (r.uncid.toLowerCase().startsWith(form)) return pick('统一社会信用代码', r.uncid);
  if (has(r.legal_person)) return pick('法定代表人', r.legal_person);
  if (holder) return pick('股东', holder);
  if (has(r.address)) return pick('地址', r.address!);
  if (has(r.business_scope)) return pick('经营范围', r.business_scope!);
  if (/^[\d-]{7,13}$/.test(keyword)) return pick('电话', keyword);
  return null;
}

/** Around 60 characters of a long text, centred on the keyword. */
function snippet(text: string, keyword: string): string {
  if (text.length <= 60) return text;
  const at = text.toLowerCase().indexOf(keyword.toLowerCase());
  if (at < 0) return `${text.slice(0, 60)}…`;
  const start = Math.max(0, at - 20);
  return `${start > 0 ? '…' : ''}${text.slice(start, start + 60)}${start + 60 < text.length ? '…' : ''}`;
}
