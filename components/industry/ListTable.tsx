import { companyCanonicalPath } from '@/lib/shared/enterprise/urls';
import { formatCapital } from '@/lib/shared/enterprise/format';
import type { ListRow } from '@/lib/shared/industry/lists';

/**
 * A list's members as a plain table (server-rendered on the open page, reused by the album
 * screen): rank, company, legal person, capital, founding date, region, industry.
 */
export function ListTable({ rows, caption }: { rows: ListRow[]; caption: string }) {
  return (
    <div className="il-table-wrap">
      <table className="il-table" data-testid="list-table">
        <caption className="il-sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">排名</th>
            <th scope="col">企业名称</th>
            <th scope="col">法定代表人</th>
            <th scope="col">注册资本</th>
            <th scope="col">成立日期</th>
            <th scope="col">地区</th>
            <th scope="col">行业</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.rank}>
              <td className="il-rank">{r.rank}</td>
              <th scope="row" className="il-name">
                <a href={companyCanonicalPath(r.uncid)}>{r.name}</a>
                {r.tags.length ? (
                  <span className="il-tags">
                    {r.tags.slice(0, 3).map((t) => (
                      <span key={t} className="il-tag">
                        {t}
                      </span>
                    ))}
                  </span>
                ) : null}
              </th>
              <td data-label="法定代表人">{r.legalPerson}</td>
              <td data-label="注册资本">
                {r.regCapital === null ? '-' : formatCapital(r.regCapital, r.regCapitalCurrency)}
              </td>
              <td data-label="成立日期">{r.establishDate ?? '-'}</td>
              <td data-label="地区">{r.regionName || '-'}</td>
              <td data-label="行业">{r.industryName || '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
