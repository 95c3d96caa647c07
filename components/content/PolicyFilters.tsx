import { getChildren, getRegion, regionPath } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import {
  POLICY_KINDS,
  POLICY_LEVELS,
  POLICY_STATUSES,
} from '@/lib/shared/content/content.constants';
import type {
  ContentFacetBucket,
  PolicySearchQuery,
  PolicySearchResult,
} from '@/lib/shared/content/content.contract';
import { FilterRow, OptionLink, withParams, type FlatParams } from './ContentBits';
import { DATE_PRESETS, DateRangeForm, daysAgo } from './SearchForm';

const PATH = '/policySearch';
export const POLICY_PARAMS = [
  'q',
  'region',
  'level',
  'industry',
  'kind',
  'status',
  'dateFrom',
  'dateTo',
  'sort',
  'pageSize',
] as const;

function countOf(buckets: ContentFacetBucket[], value: string): number | undefined {
  return buckets.find((b) => b.value === value)?.count;
}

/**
 * Filters of /policySearch as links (each a GET address, so they work without JavaScript and
 * can be shared): region cascade, level, industry, kind, status, publish date. Counts come from
 * the result's facets.
 */
export function PolicyFilters({
  query,
  params,
  facets,
}: {
  query: PolicySearchQuery;
  params: FlatParams;
  facets: PolicySearchResult['facets'];
}) {
  const href = (change: Record<string, string | null>) => withParams(PATH, params, change);
  const path = query.region ? regionPath(query.region) : [];
  const current = path[path.length - 1];
  // The next level under the chosen region (cities, then districts); provinces come from facets.
  const children = current ? getChildren(current.code) : [];
  const industries = facets.industry.filter((b) => b.count > 0 || b.value === query.industry);
  return (
    <section className="ent-card sr-filters" aria-label="筛选条件">
      <FilterRow title="地区">
        <OptionLink href={href({ region: null })} active={!query.region} label="全部" />
        {current ? (
          <>
            {path.map((r) => (
              <span key={r.code} className="sr-crumb">
                ›{' '}
                <OptionLink
                  href={href({ region: r.code })}
                  active={r.code === current.code}
                  label={r.name}
                />
              </span>
            ))}
            {children.map((r) => (
              <OptionLink
                key={r.code}
                href={href({ region: r.code })}
                active={false}
                label={r.name}
              />
            ))}
          </>
        ) : (
          facets.region
            .filter((b) => b.count > 0)
            .map((b) => (
              <OptionLink
                key={b.value}
                // National policies have no province: their bucket picks the national level.
                href={
                  getRegion(b.value)
                    ? href({ region: b.value })
                    : href({ region: null, level: 'national' })
                }
                active={false}
                label={b.label}
                count={b.count}
              />
            ))
        )}
      </FilterRow>
      <FilterRow title="政策层级">
        <OptionLink href={href({ level: null })} active={!query.level} label="全部" />
        {POLICY_LEVELS.map((l) => (
          <OptionLink
            key={l.value}
            href={href({ level: l.value })}
            active={query.level === l.value}
            label={l.label}
            count={countOf(facets.level, l.value)}
          />
        ))}
      </FilterRow>
      <FilterRow title="适用行业">
        <OptionLink href={href({ industry: null })} active={!query.industry} label="全部" />
        {industries.map((b) => (
          <OptionLink
            key={b.value}
            href={href({ industry: b.value })}
            active={query.industry === b.value}
            label={b.label || industryName(b.value)}
            count={b.count}
          />
        ))}
      </FilterRow>
      <FilterRow title="政策类别">
        <OptionLink href={href({ kind: null })} active={!query.kind} label="全部" />
        {POLICY_KINDS.map((k) => (
          <OptionLink
            key={k.value}
            href={href({ kind: k.value })}
            active={query.kind === k.value}
            label={k.label}
            count={countOf(facets.kind, k.value)}
          />
        ))}
      </FilterRow>
      <FilterRow title="申报状态">
        <OptionLink href={href({ status: null })} active={!query.status} label="全部" />
        {POLICY_STATUSES.map((s) => (
          <OptionLink
            key={s.value}
            href={href({ status: s.value })}
            active={query.status === s.value}
            label={s.label}
            count={countOf(facets.status, s.value)}
          />
        ))}
      </FilterRow>
      <FilterRow title="发布时间">
        <OptionLink
          href={href({ dateFrom: null, dateTo: null })}
          active={!query.dateFrom && !query.dateTo}
          label="不限"
        />
        {DATE_PRESETS.map((p) => {
          const from = daysAgo(p.days);
          return (
            <OptionLink
              key={p.days}
              href={href({ dateFrom: from, dateTo: null })}
              active={query.dateFrom === from && !query.dateTo}
              label={p.label}
            />
          );
        })}
        <DateRangeForm action={PATH} params={params} keep={POLICY_PARAMS} />
      </FilterRow>
    </section>
  );
}
