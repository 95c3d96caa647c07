import { getChildren, getProvinces, regionFullName, regionPath } from '@/lib/shared/geo';
import {
  getIndustryChildren,
  getSections,
  industryName,
  industryPath,
} from '@/lib/shared/industry';
import {
  CAPITAL_BANDS,
  ESTABLISH_BANDS,
  ORG_TYPE_OPTIONS,
  STAFF_SIZE_OPTIONS,
  STATUS_OPTIONS,
  TAG_OPTIONS,
  type Option,
} from '@/lib/shared/search/filters';
import type { EnterpriseFilters, EnterpriseSearchResult } from '@/lib/shared/search/types';
import { activeFilterCount, hasAnyFilter, type SearchUrls } from './search-url';
import { facetsKnown, optionCount } from './facet-counts';

type Facets = EnterpriseSearchResult['facets'];

function countOf(buckets: { key: string; count: number }[], key: string): number | undefined {
  return buckets.find((b) => b.key === key)?.count;
}

function OptionLink({
  href,
  active,
  label,
  count,
  testId,
}: {
  href: string;
  active: boolean;
  label: string;
  count?: number;
  testId?: string;
}) {
  return (
    <a
      href={href}
      className={`sr-opt${active ? ' is-active' : ''}${count === 0 && !active ? ' is-zero' : ''}`}
      aria-current={active ? 'true' : undefined}
      rel="nofollow"
      data-testid={testId}
    >
      {label}
      {count !== undefined ? <span className="sr-count">{count}</span> : null}
    </a>
  );
}

function Row({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="sr-frow" role="group" aria-label={title}>
      <div className="sr-flabel">{title}</div>
      <div className="sr-fopts">{children}</div>
    </div>
  );
}

type Level = { code: string; name: string };

/**
 * A tree filter as one row: 全部, the chosen path, then the next level's options — counted at
 * the top level, where the facet counts are of the whole result.
 */
function CascadeRow({
  title,
  urls,
  field,
  pathOf,
  childrenOf,
  top,
  facet,
  facets,
  sortByCount,
  unit,
  testId,
}: {
  title: string;
  urls: SearchUrls;
  field: 'regions' | 'industries';
  pathOf: (code: string) => readonly Level[];
  childrenOf: (code: string) => readonly Level[];
  top: () => readonly Level[];
  facet: Facets['region'];
  facets: Facets;
  /** Order the next level by count (regions: where the results are). */
  sortByCount?: boolean;
  /** 「已选 N 个地区」 when several are chosen (from the advanced search or a link). */
  unit: string;
  testId?: string;
}) {
  const codes = urls.query.filters[field] ?? [];
  const current = codes.length === 1 ? codes[0] : null;
  const path = current ? pathOf(current) : [];
  const children = current ? childrenOf(current) : top();
  const ordered =
    current || !sortByCount
      ? children
      : [...children].sort((a, b) => (countOf(facet, b.code) ?? 0) - (countOf(facet, a.code) ?? 0));
  return (
    <Row title={title}>
      <OptionLink href={urls.set(field, null)} active={codes.length === 0} label="全部" />
      {path.map((r) => (
        <span key={r.code} className="sr-crumb">
          › <OptionLink href={urls.set(field, r.code)} active={r.code === current} label={r.name} />
        </span>
      ))}
      {codes.length > 1 ? (
        <span className="sr-crumb">
          ›{' '}
          <span className="sr-opt is-active">
            已选 {codes.length} {unit}
          </span>
        </span>
      ) : null}
      {children.length > 0 ? <span className="sr-sep" aria-hidden /> : null}
      {ordered.map((r) => (
        <OptionLink
          key={r.code}
          href={urls.set(field, r.code)}
          active={false}
          label={r.name}
          count={current ? undefined : optionCount(facet, r.code, facetsKnown(facets))}
          testId={testId}
        />
      ))}
    </Row>
  );
}

function Toggles({
  urls,
  field,
  options,
  buckets,
  known = true,
}: {
  urls: SearchUrls;
  field: 'capitalBands' | 'establishBands' | 'statuses' | 'orgTypes' | 'staffSizes' | 'tags';
  options: readonly Option[];
  buckets?: { key: string; count: number }[];
  known?: boolean;
}) {
  return (
    <>
      {options.map((o) => (
        <OptionLink
          key={o.key}
          href={urls.toggle(field, o.key)}
          active={urls.isOn(field, o.key)}
          label={o.label}
          count={optionCount(buckets, o.key, known)}
        />
      ))}
    </>
  );
}

/** Registered capital: bands, and a custom range as a GET form (works without JavaScript). */
function CapitalRow({ urls, facets }: { urls: SearchUrls; facets: Facets }) {
  const f = urls.query.filters;
  return (
    <Row title="注册资本">
      <Toggles
        urls={urls}
        field="capitalBands"
        options={CAPITAL_BANDS}
        buckets={facets.capitalBand}
        known={facetsKnown(facets)}
      />
      <form action="/companySearch" method="get" className="sr-range">
        {urls.hiddenInputs(['capitalMin', 'capitalMax', 'pageNo']).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <input
          type="number"
          name="capitalMin"
          min={0}
          step="any"
          placeholder="最低"
          defaultValue={f.capitalMin ?? ''}
          aria-label="注册资本下限（万）"
        />
        <span aria-hidden>-</span>
        <input
          type="number"
          name="capitalMax"
          min={0}
          step="any"
          placeholder="最高"
          defaultValue={f.capitalMax ?? ''}
          aria-label="注册资本上限（万）"
        />
        <span className="sr-unit">万</span>
        <button type="submit">确定</button>
      </form>
    </Row>
  );
}

/** Chips of what is chosen, each removable, and 清空筛选. */
function Chosen({ urls }: { urls: SearchUrls }) {
  const f: EnterpriseFilters = urls.query.filters;
  if (!hasAnyFilter(f)) return null;
  const chips: { label: string; href: string }[] = [];
  const listChips = (
    field: 'capitalBands' | 'establishBands' | 'statuses' | 'orgTypes' | 'staffSizes' | 'tags',
    options: readonly Option[],
    prefix: string,
  ) => {
    for (const key of f[field] ?? [])
      chips.push({
        label: `${prefix}：${options.find((o) => o.key === key)?.label ?? key}`,
        href: urls.toggle(field, key),
      });
  };
  for (const code of f.regions ?? [])
    chips.push({ label: `地区：${regionFullName(code) || code}`, href: urls.without(['regions']) });
  for (const code of f.industries ?? [])
    chips.push({
      label: `行业：${industryName(code) || code}`,
      href: urls.without(['industries']),
    });
  listChips('capitalBands', CAPITAL_BANDS, '注册资本');
  if (f.capitalMin !== undefined || f.capitalMax !== undefined)
    chips.push({
      label: `注册资本：${f.capitalMin ?? 0}-${f.capitalMax ?? '不限'}万`,
      href: urls.without(['capitalMin', 'capitalMax']),
    });
  listChips('establishBands', ESTABLISH_BANDS, '成立年限');
  listChips('statuses', STATUS_OPTIONS, '状态');
  listChips('orgTypes', ORG_TYPE_OPTIONS, '类型');
  listChips('staffSizes', STAFF_SIZE_OPTIONS, '规模');
  listChips('tags', TAG_OPTIONS, '标签');
  const flags = [
    ['hasPhone', '有电话'],
    ['hasEmail', '有邮箱'],
    ['hasWebsite', '有官网'],
    ['listed', '上市企业'],
  ] as const;
  for (const [field, label] of flags) if (f[field]) chips.push({ label, href: urls.flag(field) });
  return (
    <div className="sr-chosen" aria-label="已选条件">
      <span className="sr-flabel">已选条件</span>
      {chips.map((c) => (
        <a key={c.label} href={c.href} className="sr-chip" rel="nofollow">
          {c.label} <span aria-label="移除">×</span>
        </a>
      ))}
      <a href={urls.withFilters({})} className="sr-clear" rel="nofollow">
        清空筛选
      </a>
    </div>
  );
}

/**
 * The filter panel of /companySearch: every option is a plain link or a GET form (server-rendered,
 * no client code; next/link would put every link's props into the page's payload).
 */
export function SearchFilters({ urls, facets }: { urls: SearchUrls; facets: Facets }) {
  const f = urls.query.filters;
  const moreOpen = Boolean(
    f.orgTypes?.length ||
    f.staffSizes?.length ||
    f.tags?.length ||
    f.hasPhone ||
    f.hasEmail ||
    f.hasWebsite ||
    f.listed,
  );
  const active = activeFilterCount(f);
  return (
    <>
      {/* Phones (issue 28 item 7): the filters fold behind 筛选 (with the chosen count) so the
          results come first; a checkbox and its label, no script on this lean page. */}
      <input
        type="checkbox"
        id="sr-filter-toggle"
        className="sr-filter-toggle"
        aria-controls="sr-filters"
      />
      <label htmlFor="sr-filter-toggle" className="sr-filter-button" data-testid="filter-toggle">
        筛选{active > 0 ? `（已选 ${active} 项）` : ''}
      </label>
      <section className="ent-card sr-filters" id="sr-filters" aria-label="筛选条件">
        <Chosen urls={urls} />
        <CascadeRow
          title="所属地区"
          urls={urls}
          field="regions"
          pathOf={regionPath}
          childrenOf={getChildren}
          top={getProvinces}
          facet={facets.region}
          facets={facets}
          sortByCount
          unit="个地区"
          testId="region-option"
        />
        {/* GB/T 4754: section → division → group → class. */}
        <CascadeRow
          title="所属行业"
          urls={urls}
          field="industries"
          pathOf={industryPath}
          childrenOf={getIndustryChildren}
          top={getSections}
          facet={facets.industry}
          facets={facets}
          unit="个行业"
        />
        <CapitalRow urls={urls} facets={facets} />
        <Row title="成立年限">
          <Toggles
            urls={urls}
            field="establishBands"
            options={ESTABLISH_BANDS}
            buckets={facets.establishBand}
            known={facetsKnown(facets)}
          />
        </Row>
        <Row title="登记状态">
          <Toggles
            urls={urls}
            field="statuses"
            options={STATUS_OPTIONS}
            buckets={facets.status}
            known={facetsKnown(facets)}
          />
        </Row>
        <details className="sr-more" open={moreOpen}>
          <summary>更多筛选（企业类型、人员规模、企业标签、联系方式、上市）</summary>
          <Row title="企业类型">
            <Toggles urls={urls} field="orgTypes" options={ORG_TYPE_OPTIONS} />
          </Row>
          <Row title="人员规模">
            <Toggles urls={urls} field="staffSizes" options={STAFF_SIZE_OPTIONS} />
          </Row>
          <Row title="企业标签">
            <Toggles urls={urls} field="tags" options={TAG_OPTIONS} />
          </Row>
          <Row title="联系方式">
            <OptionLink href={urls.flag('hasPhone')} active={!!f.hasPhone} label="有电话" />
            <OptionLink href={urls.flag('hasEmail')} active={!!f.hasEmail} label="有邮箱" />
            <OptionLink href={urls.flag('hasWebsite')} active={!!f.hasWebsite} label="有官网" />
          </Row>
          <Row title="上市情况">
            <OptionLink href={urls.flag('listed')} active={!!f.listed} label="上市企业" />
          </Row>
        </details>
      </section>
    </>
  );
}
