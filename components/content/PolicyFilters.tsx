import { getChildren, getRegion, regionPath } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import {
  POLICY_KINDS,
  POLICY_LEVELS,
  POLICY_STATUSES,
} from '@/lib/shared/content/content.constants';
import type { PolicySearchQuery, PolicySearchResult } from '@/lib/shared/content/content.contract';
import { FilterRow, OptionLink } from './ContentBits';
import { FilterRows, type ChangeHref } from './ListPage';

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

/**
 * Filters of /policySearch as links (each a GET address, so they work without JavaScript and
 * can be shared): region cascade, level, industry, kind, status; the list shell adds the publish
 * date. Counts come from the result's facets.
 */
export function PolicyFilters({
  query,
  facets,
  href,
  approx = false,
}: {
  query: PolicySearchQuery;
  facets: PolicySearchResult['facets'];
  href: ChangeHref;
  /** The facet counts are estimates (a big result set): shown as 约N. */
  approx?: boolean;
}) {
  const path = query.region ? regionPath(query.region) : [];
  const current = path[path.length - 1];
  // The next level under the chosen region (cities, then districts); provinces come from facets.
  const children = current ? getChildren(current.code) : [];
  return (
    <>
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
                approx={approx}
              />
            ))
        )}
      </FilterRow>
      <FilterRows
        query={query}
        href={href}
        approx={approx}
        specs={[
          { title: '政策层级', name: 'level', options: POLICY_LEVELS, buckets: facets.level },
          {
            title: '适用行业',
            name: 'industry',
            buckets: facets.industry,
            labelOf: (b) => b.label || industryName(b.value),
          },
          { title: '政策类别', name: 'kind', options: POLICY_KINDS, buckets: facets.kind },
          { title: '申报状态', name: 'status', options: POLICY_STATUSES, buckets: facets.status },
        ]}
      />
    </>
  );
}
