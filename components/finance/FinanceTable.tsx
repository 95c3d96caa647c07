import { financeHref, type FinanceEvent } from '@/lib/shared/finance/finance';

/**
 * Financing events as a plain table (server-rendered on /finance, the institution and the project
 * pages), in the authoritative lists' table style (industry.css): date, company, round, amount,
 * investors, region, industry. `company: false` leaves the company out (the project page).
 */
export function FinanceTable({
  rows,
  caption,
  company = true,
}: {
  rows: FinanceEvent[];
  caption: string;
  company?: boolean;
}) {
  return (
    <div className="il-table-wrap">
      <table className="il-table fi-table" data-testid="finance-table">
        <caption className="il-sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">融资日期</th>
            {company ? <th scope="col">融资项目</th> : null}
            <th scope="col">轮次</th>
            <th scope="col">金额</th>
            <th scope="col">投资方</th>
            {company ? <th scope="col">地区</th> : null}
            {company ? <th scope="col">行业</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td className="fi-date">{r.date}</td>
              {company ? (
                <th scope="row" className="il-name">
                  <a href={financeHref.project(r.company.uncid)}>{r.company.name}</a>
                </th>
              ) : null}
              <td data-label="轮次">
                <span className="il-tag">{r.round}</span>
              </td>
              <td data-label="金额" className="fi-amount">
                {r.amount || '未披露'}
              </td>
              <td data-label="投资方">
                {r.investors.length === 0
                  ? '未披露'
                  : r.investors.map((inv, i) => (
                      <span key={inv.name}>
                        {i > 0 ? '、' : ''}
                        {inv.id ? (
                          <a href={financeHref.institution(inv.id)}>{inv.name}</a>
                        ) : (
                          inv.name
                        )}
                      </span>
                    ))}
              </td>
              {company ? <td data-label="地区">{r.regionName || '-'}</td> : null}
              {company ? <td data-label="行业">{r.industryName || '-'}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Counts as bars (no chart library): label, a bar scaled to the largest, the count. */
export function CountBars({
  items,
  label,
  testId,
}: {
  items: { key: string; label: string; count: number; href?: string }[];
  label: string;
  testId?: string;
}) {
  const max = Math.max(1, ...items.map((i) => i.count));
  return (
    <ul className="fi-bars" aria-label={label} data-testid={testId}>
      {items.map((i) => (
        <li key={i.key}>
          <span className="fi-bar-label">{i.href ? <a href={i.href}>{i.label}</a> : i.label}</span>
          <span className="fi-bar" aria-hidden>
            <span style={{ width: `${Math.max(4, Math.round((i.count / max) * 100))}%` }} />
          </span>
          <span className="fi-bar-count">{i.count}</span>
        </li>
      ))}
    </ul>
  );
}
