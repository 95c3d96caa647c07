import { config } from '@/lib/server/platform';
import { PublicHeader } from '@/components/layout/PublicHeader';

/** Breadcrumbs of the content pages: plain links, the last item is the current page. */
export function Breadcrumbs({ items }: { items: { label: string; href?: string }[] }) {
  return (
    <nav aria-label="面包屑" className="ent-breadcrumb ct-breadcrumb">
      {items.map((item, i) => (
        <span key={`${item.label}-${i}`}>
          {i > 0 ? ' / ' : null}
          {item.href && i < items.length - 1 ? (
            <a href={item.href}>{item.label}</a>
          ) : (
            <span aria-current={i === items.length - 1 ? 'page' : undefined}>{item.label}</span>
          )}
        </span>
      ))}
    </nav>
  );
}

/** An absolute address on this site (JSON-LD wants absolute URLs). */
export function absoluteUrl(path: string): string {
  return `${config.siteUrl.replace(/\/$/, '')}${path}`;
}

/** schema.org BreadcrumbList for the same items. */
export function breadcrumbLd(items: { label: string; href?: string }[]): Record<string, unknown> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.label,
      ...(item.href ? { item: absoluteUrl(item.href) } : {}),
    })),
  };
}

/** schema.org CollectionPage of an index page: its name, address and the pages it lists. */
export function collectionPageLd(
  name: string,
  path: string,
  parts: Record<string, unknown>[],
): Record<string, unknown> {
  return { '@type': 'CollectionPage', name, url: absoluteUrl(path), hasPart: parts };
}

/** JSON-LD script; '<' escaped so no text can close the script element. */
export function JsonLd({ data }: { data: Record<string, unknown> | Record<string, unknown>[] }) {
  const graph = Array.isArray(data)
    ? { '@context': 'https://schema.org', '@graph': data }
    : {
        '@context': 'https://schema.org',
        ...data,
      };
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(graph).replace(/</g, '\\u003c') }}
    />
  );
}

/** Page numbers around the current one: 1 … 4 5 [6] 7 8 … 20. */
function pageWindow(current: number, last: number): (number | '…')[] {
  const out: (number | '…')[] = [1];
  const from = Math.max(2, current - 2);
  const to = Math.min(last - 1, current + 2);
  if (from > 2) out.push('…');
  for (let i = from; i <= to; i++) out.push(i);
  if (to < last - 1) out.push('…');
  if (last > 1) out.push(last);
  return out;
}

/** Paging as plain links (works without JavaScript); the page number is already clamped. */
export function ContentPager({
  pageNo,
  pageSize,
  total,
  href,
  label = '分页',
}: {
  pageNo: number;
  pageSize: number;
  total: number;
  href: (page: number) => string;
  label?: string;
}) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0 || last === 1) return null;
  const current = Math.min(pageNo, last);
  return (
    <nav className="sr-pager ct-pager" aria-label={label}>
      {current > 1 ? (
        <a href={href(current - 1)} rel="prev" className="sr-page">
          上一页
        </a>
      ) : (
        <span className="sr-page is-disabled">上一页</span>
      )}
      {pageWindow(current, last).map((n, i) =>
        n === '…' ? (
          <span key={`gap-${i}`} className="sr-gap">
            …
          </span>
        ) : (
          <a
            key={n}
            href={href(n)}
            className={n === current ? 'sr-page is-active' : 'sr-page'}
            aria-current={n === current ? 'page' : undefined}
          >
            {n}
          </a>
        ),
      )}
      {current < last ? (
        <a href={href(current + 1)} rel="next" className="sr-page">
          下一页
        </a>
      ) : (
        <span className="sr-page is-disabled">下一页</span>
      )}
    </nav>
  );
}

/** One filter option as a link (active state, facet count). */
export function OptionLink({
  href,
  active,
  label,
  count,
  approx = false,
}: {
  href: string;
  active: boolean;
  label: string;
  count?: number;
  /** The count is an estimate (a big result set's facets): shown as 约N. */
  approx?: boolean;
}) {
  return (
    <a
      href={href}
      className={active ? 'sr-opt is-active' : 'sr-opt'}
      aria-current={active ? 'true' : undefined}
      rel="nofollow"
    >
      {label}
      {count !== undefined ? (
        <span className="sr-count">{approx ? `约${count}` : count}</span>
      ) : null}
    </a>
  );
}

/** One fact of a `dl.ct-meta`: its label, then its value. */
export function MetaItem({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{`${label}：`}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * A section named by its h2 (`h-{name}`); `anchor` also gives it the id `name`, for in-page links.
 */
export function TitledSection({
  name,
  title,
  anchor = false,
  className = 'ct-section',
  children,
}: {
  name: string;
  title: string;
  anchor?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section id={anchor ? name : undefined} className={className} aria-labelledby={`h-${name}`}>
      <h2 id={`h-${name}`} className="ct-subtitle">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function FilterRow({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="sr-frow" role="group" aria-label={title}>
      <div className="sr-flabel">{title}</div>
      <div className="sr-fopts">{children}</div>
    </div>
  );
}

/**
 * A filter row of links: 全部 (no value), then each option with its count when given. `href(key)`
 * is the page with the filter set to key (null: removed).
 */
export function FilterOptions({
  title,
  current,
  options,
  href,
}: {
  title: string;
  current: string | number | undefined;
  options: readonly { key: string; label: string; count?: number }[];
  href: (key: string | null) => string;
}) {
  return (
    <FilterRow title={title}>
      <OptionLink href={href(null)} active={current === undefined} label="全部" />
      {options.map((o) => (
        <OptionLink
          key={o.key}
          href={href(o.key)}
          active={current !== undefined && String(current) === o.key}
          label={o.label}
          count={o.count}
        />
      ))}
    </FilterRow>
  );
}

/**
 * The frame of an open page: the public top bar, the breadcrumb's JSON-LD with the page's own
 * (`ld`), and the main column starting with the breadcrumb.
 */
export function PublicPageFrame({
  crumbs,
  ld,
  children,
}: {
  crumbs: { label: string; href?: string }[];
  ld: Record<string, unknown>[];
  children: React.ReactNode;
}) {
  return (
    <>
      <PublicHeader />
      <JsonLd data={[breadcrumbLd(crumbs), ...ld]} />
      <main className="ent-page il-page">
        <Breadcrumbs items={crumbs} />
        {children}
      </main>
    </>
  );
}

/** A card whose heading carries the count of what it lists (共 N 家), with optional actions. */
export function CountedSection({
  id,
  title,
  count,
  countTestId,
  actions,
  children,
}: {
  id: string;
  title: string;
  count: string;
  countTestId?: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className="ent-card" aria-labelledby={id}>
      <div className="il-bar">
        <h2 id={id} className="ct-subtitle">
          {title}
          <span className="ent-muted il-total" data-testid={countTestId}>
            {count}
          </span>
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A column of RowsTable: its heading and the cell of a row. */
export type RowsColumn<T> = { label: string; cell: (row: T) => React.ReactNode };

/**
 * Rows as a plain table in the list pages' style (industry.css `il-table`, cards below 640 px):
 * the first column names the row (a row header), the others carry their label for the small
 * screen.
 */
export function RowsTable<T>({
  rows,
  columns,
  rowKey,
  caption,
}: {
  rows: readonly T[];
  columns: readonly [RowsColumn<T>, ...RowsColumn<T>[]];
  rowKey: (row: T, index: number) => string | number;
  caption: string;
}) {
  const [head, ...rest] = columns;
  return (
    <div className="il-table-wrap">
      <table className="il-table fi-table">
        <caption className="il-sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)}>
              <th scope="row" className="il-name">
                {head.cell(row)}
              </th>
              {rest.map((c) => (
                <td key={c.label} data-label={c.label}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The page's search parameters, first value of each, as a plain record. */
export type FlatParams = Record<string, string>;

export function flatParams(sp: Record<string, string | string[] | undefined>): FlatParams {
  const out: FlatParams = {};
  for (const [k, v] of Object.entries(sp)) {
    const one = Array.isArray(v) ? v[0] : v;
    if (one !== undefined && one.trim() !== '') out[k] = one.trim();
  }
  return out;
}

/**
 * An address of `path` with `params` changed by `change` (null removes a name); changing a filter
 * goes back to page 1 unless the change names the page.
 */
export function withParams(
  path: string,
  params: FlatParams,
  change: Record<string, string | number | null>,
): string {
  const next: FlatParams = { ...params };
  if (!('pageNo' in change)) delete next.pageNo;
  for (const [k, v] of Object.entries(change)) {
    if (v === null || v === '') delete next[k];
    else next[k] = String(v);
  }
  if (next.pageNo === '1') delete next.pageNo;
  const qs = new URLSearchParams(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** yyyy-mm-dd of a date or ISO string ('' when missing). */
export function day(v: string | Date | null | undefined): string {
  if (!v) return '';
  const s = typeof v === 'string' ? v : v.toISOString();
  return s.slice(0, 10);
}

/** Short plain text of HTML for descriptions (tags dropped, spaces folded). */
export function plainText(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
