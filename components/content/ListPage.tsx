import type { ReactNode } from 'react';
import { PublicHeader } from '@/components/layout/PublicHeader';
import type { ContentFacetBucket } from '@/lib/shared/content/content.contract';
import { CONTENT_COUNT_CAP, CONTENT_SORTS } from '@/lib/shared/content/content.constants';
import { DoNotStorePage } from '@/lib/shared/http/page-cache-hint';
import {
  Breadcrumbs,
  ContentPager,
  FilterRow,
  JsonLd,
  OptionLink,
  absoluteUrl,
  breadcrumbLd,
  withParams,
  type FlatParams,
} from './ContentBits';
import { CompareDock } from './CompareDock';
import { DemoNote } from './DemoNote';
import { DATE_PRESETS, DateRangeForm, SearchForm, daysAgo } from './SearchForm';
import { pageableTotal, totalText } from './content-format';

/** A link builder: the page's address with the kept parameters, changed as given. */
export type ChangeHref = (change: Record<string, string | null>) => string;

/**
 * The parameters a parsed query keeps in every link of a list page: set values only, and the
 * default sort (relevance) left out. Unknown filter values were dropped by the parse already.
 */
export function keptParams<Q extends object>(query: Q, names: readonly string[]): FlatParams {
  const kept: FlatParams = {};
  const values = query as Record<string, unknown>;
  for (const k of names) {
    const v = values[k];
    if (v !== undefined && v !== '' && !(k === 'sort' && v === 'relevance')) kept[k] = String(v);
  }
  return kept;
}

/**
 * The heading of a searched list: “keyword”的…, or the plain title without a keyword. `tail` is the
 * text after the keyword, as separate text pieces (a page naming its list by a variable passes two).
 */
export function queryHeading(
  q: string | undefined,
  title: string,
  tail: readonly string[],
): ReactNode {
  return q ? (
    <>
      “<span>{q}</span>
      {tail}
    </>
  ) : (
    title
  );
}

/**
 * One filter row: “全部”, then either the fixed `options` (each with its facet count) or the
 * facet buckets that have hits (or are the chosen value).
 */
export type FilterSpec = {
  title: string;
  /** The query parameter the row sets. */
  name: string;
  buckets: ContentFacetBucket[];
  options?: readonly { value: string; label: string }[];
  labelOf?: (b: ContentFacetBucket) => string;
};

function FacetFilterRow({
  spec,
  value,
  href,
  approx,
}: {
  spec: FilterSpec;
  value: string | undefined;
  href: ChangeHref;
  approx: boolean;
}) {
  const { title, name, buckets, options, labelOf = (b) => b.label } = spec;
  const links = options
    ? options.map((o) => ({
        value: o.value,
        label: o.label,
        count: buckets.find((b) => b.value === o.value)?.count,
      }))
    : buckets
        .filter((b) => b.count > 0 || b.value === value)
        .map((b) => ({ value: b.value, label: labelOf(b), count: b.count }));
  return (
    <FilterRow title={title}>
      <OptionLink href={href({ [name]: null })} active={!value} label="全部" />
      {links.map((o) => (
        <OptionLink
          key={o.value}
          href={href({ [name]: o.value })}
          active={value === o.value}
          label={o.label}
          count={o.count}
          approx={approx}
        />
      ))}
    </FilterRow>
  );
}

/** Filter rows from specs; each row's current value is the query's value of its parameter. */
export function FilterRows({
  specs,
  query,
  href,
  approx = false,
}: {
  specs: FilterSpec[];
  query: ListQuery;
  href: ChangeHref;
  /** The facet counts are estimates (see OptionLink). */
  approx?: boolean;
}) {
  return specs.map((spec) => {
    const v = query[spec.name];
    return (
      <FacetFilterRow
        key={spec.name}
        spec={spec}
        value={typeof v === 'string' ? v : undefined}
        href={href}
        approx={approx}
      />
    );
  });
}

/** The publish-date row: presets as links, and a from–to form. */
function DateFilterRow({
  dateFrom,
  dateTo,
  href,
  action,
  params,
  keep,
}: {
  dateFrom: string | undefined;
  dateTo: string | undefined;
  href: ChangeHref;
  action: string;
  params: FlatParams;
  keep: readonly string[];
}) {
  return (
    <FilterRow title="发布时间">
      <OptionLink
        href={href({ dateFrom: null, dateTo: null })}
        active={!dateFrom && !dateTo}
        label="不限"
      />
      {DATE_PRESETS.map((p) => {
        const from = daysAgo(p.days);
        return (
          <OptionLink
            key={p.days}
            href={href({ dateFrom: from, dateTo: null })}
            active={dateFrom === from && !dateTo}
            label={p.label}
          />
        );
      })}
      <DateRangeForm action={action} params={params} keep={keep} />
    </FilterRow>
  );
}

/** What the shell reads of a parsed list query; filter parameters are read by name. */
export type ListQuery = {
  q?: string;
  sort: string;
  dateFrom?: string;
  dateTo?: string;
  [name: string]: unknown;
};

export type ListResult = {
  list: { demo: boolean }[];
  total: number;
  totalCapped: boolean;
  pageNo: number;
  pageSize: number;
};

/**
 * The shell of a public content list (policies, reports, news): header, breadcrumbs, heading,
 * keyword form, filters, result count with sort links, the list or an empty note, paging.
 * Everything is a plain link or GET form, so the page works without JavaScript.
 */
export function ContentListPage<R extends ListResult>({
  path,
  title,
  heading,
  ldType,
  related,
  search,
  kept,
  keep,
  query,
  result,
  unavailable,
  filters,
  summary,
  listTestId,
  renderItem,
  noun,
  compareDock,
}: {
  path: string;
  title: string;
  heading: ReactNode;
  ldType: 'CollectionPage' | 'SearchResultsPage';
  /** Links to neighbouring sections, under the heading. */
  related?: ReactNode;
  search: { label: string; placeholder: string };
  kept: FlatParams;
  keep: readonly string[];
  query: ListQuery;
  /** null when the search failed. */
  result: R | null;
  unavailable: string;
  /** The filter rows above the publish-date row. */
  filters: (result: R, href: ChangeHref) => ReactNode;
  /** Text around the total, e.g. ['共', '篇']. */
  summary: readonly [string, string];
  listTestId: string;
  renderItem: (item: R['list'][number]) => ReactNode;
  /** What the list holds, for the empty note. */
  noun: string;
  compareDock?: boolean;
}) {
  const href: ChangeHref = (change) => withParams(path, kept, change);
  const crumbs = [{ label: '首页', href: '/' }, { label: title }];
  return (
    <>
      <PublicHeader />
      <JsonLd
        data={[breadcrumbLd(crumbs), { '@type': ldType, name: title, url: absoluteUrl(path) }]}
      />
      <main className="ent-page sr-page-main">
        <Breadcrumbs items={crumbs} />
        <h1 className="sr-title">{heading}</h1>
        {related ? (
          <nav className="ct-side-links" aria-label="相关栏目">
            {related}
          </nav>
        ) : null}
        <SearchForm
          action={path}
          params={kept}
          keep={keep}
          label={search.label}
          placeholder={search.placeholder}
        />
        {result === null ? (
          <section className="ent-card" role="alert">
            <DoNotStorePage />
            <p className="ent-empty">{unavailable}</p>
          </section>
        ) : (
          <>
            <section className="ent-card sr-filters" aria-label="筛选条件">
              {filters(result, href)}
              <DateFilterRow
                dateFrom={query.dateFrom}
                dateTo={query.dateTo}
                href={href}
                action={path}
                params={kept}
                keep={keep}
              />
            </section>
            <section className="ent-card sr-results" aria-labelledby="ct-summary">
              <div className="sr-toolbar">
                <p id="ct-summary" className="sr-summary" data-testid="result-summary">
                  {`${summary[0]} `}
                  <strong>{totalText(result.total, result.totalCapped)}</strong>
                  {` ${summary[1]}`}
                  {result.totalCapped ? (
                    <span className="ent-muted">{`，可翻阅前 ${CONTENT_COUNT_CAP.toLocaleString('en-US')} ${summary[1]}`}</span>
                  ) : null}
                </p>
                <nav className="sr-sorts" aria-label="排序">
                  {CONTENT_SORTS.map((s) => (
                    <a
                      key={s.value}
                      href={href({ sort: s.value === 'relevance' ? null : s.value })}
                      rel="nofollow"
                      className={query.sort === s.value ? 'sr-opt is-active' : 'sr-opt'}
                      aria-current={query.sort === s.value ? 'true' : undefined}
                    >
                      {s.label}
                    </a>
                  ))}
                </nav>
              </div>
              <DemoNote show={result.list.some((item) => item.demo)} />
              {result.list.length > 0 ? (
                <ul className="ct-list" data-testid={listTestId}>
                  {result.list.map(renderItem)}
                </ul>
              ) : (
                <div className="ent-empty" data-testid="no-results">
                  <p>{`没有找到符合条件的${noun}。`}</p>
                  <p className="ent-muted">
                    试试更短的关键词，或<a href={path}>清空筛选条件</a>。
                  </p>
                </div>
              )}
              <div className="sr-foot">
                <ContentPager
                  pageNo={result.pageNo}
                  pageSize={result.pageSize}
                  total={pageableTotal(result.total, result.totalCapped)}
                  href={(n) => withParams(path, kept, { pageNo: n })}
                />
              </div>
            </section>
          </>
        )}
      </main>
      {compareDock ? <CompareDock /> : null}
    </>
  );
}
