import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import {
  ContentPager,
  CountedSection,
  FilterOptions,
  PublicPageFrame,
  absoluteUrl,
  flatParams,
  withParams,
  collectionPageLd,
} from '@/components/content/ContentBits';
import { getIndustryList, getListPage, listIndustryLists } from '@/lib/server/content';
import { getPageViewer } from '@/lib/server/enterprise';
import { maxResultsFor } from '@/lib/server/search';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import {
  listHref,
  listPageQuerySchema,
  memberCountText,
  type ListPage,
  type ListSummary,
} from '@/lib/shared/industry/lists';
import { ListExportButton } from './ListExportButton';
import { ListTable } from './ListTable';

const INDEX_TITLE = '权威榜单';

export const listIndexMetadata: Metadata = {
  title: {
    absolute: `${INDEX_TITLE} - 专精特新、高新技术企业、独角兽、上市企业名单${PRODUCT_SUFFIX}`,
  },
  description:
    '权威榜单：专精特新、小巨人、高新技术企业、科技型中小企业、瞪羚与独角兽企业、上市企业及各省注册资本百强名单，按地区和行业筛选、导出。',
  alternates: { canonical: listHref.index },
};

/** Lists grouped by category, in the stored order. */
function byCategory(lists: ListSummary[]): [string, ListSummary[]][] {
  const groups = new Map<string, ListSummary[]>();
  for (const l of lists) groups.set(l.category, [...(groups.get(l.category) ?? []), l]);
  return [...groups];
}

/** /authoritativeList: every list with its count, grouped by category. */
export async function ListIndexPage() {
  const lists = await listIndustryLists();
  const crumbs = [{ label: '首页', href: '/' }, { label: INDEX_TITLE }];
  return (
    <PublicPageFrame
      crumbs={crumbs}
      ld={[
        collectionPageLd(
          INDEX_TITLE,
          listHref.index,
          lists.map((l) => ({
            '@type': 'ItemList',
            name: l.name,
            url: absoluteUrl(listHref.list(l.slug)),
            numberOfItems: l.memberCount,
          })),
        ),
      ]}
    >
      <section className="ent-card" aria-labelledby="il-index-title">
        <h1 id="il-index-title" className="ct-title">
          {INDEX_TITLE}
        </h1>
        <p className="ent-muted">
          专精特新、高新技术、独角兽、上市企业与各省注册资本百强等名单，点击查看榜单企业。
        </p>
      </section>
      {byCategory(lists).map(([category, items]) => (
        <section key={category} className="ent-card" aria-labelledby={`il-cat-${items[0].slug}`}>
          <h2 id={`il-cat-${items[0].slug}`} className="ct-subtitle">
            {category}
          </h2>
          <ul className="il-cards" data-testid="list-cards">
            {items.map((l) => (
              <li key={l.slug}>
                <a className="il-card" href={listHref.list(l.slug)}>
                  <h3>{l.name}</h3>
                  <p className="il-card-desc">{l.description}</p>
                  <p className="il-card-count">
                    <strong>{memberCountText(l)}</strong> 家企业
                  </p>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </PublicPageFrame>
  );
}

const loadList = cache((slug: string) => getIndustryList(slug));

type SearchParams = Record<string, string | string[] | undefined>;

export async function listPageMetadata(slug: string, sp: SearchParams): Promise<Metadata> {
  const list = await loadList(slug);
  if (!list) return { title: '榜单不存在', robots: { index: false } };
  const filtered = Object.keys(flatParams(sp)).length > 0;
  return {
    title: {
      absolute: `${list.name}（${memberCountText(list)} 家）- ${INDEX_TITLE}${PRODUCT_SUFFIX}`,
    },
    description: `${list.name}：${list.description}共 ${memberCountText(list)} 家企业，可按地区、行业筛选并导出。`,
    alternates: { canonical: listHref.list(list.slug) },
    // Filter and page combinations are for people; the list itself is for search engines.
    robots: filtered ? { index: false, follow: true } : undefined,
  };
}

function listLd(page: ListPage): Record<string, unknown> {
  return {
    '@type': 'ItemList',
    name: page.list.name,
    description: page.list.description,
    url: absoluteUrl(listHref.list(page.list.slug)),
    numberOfItems: page.list.memberCount,
    itemListOrder: 'https://schema.org/ItemListOrderAscending',
    itemListElement: page.rows.slice(0, 20).map((r) => ({
      '@type': 'ListItem',
      position: r.rank,
      item: { '@type': 'Organization', name: r.name, taxID: r.uncid },
    })),
  };
}

/** /authoritativeList/{list}: the members with filters, counts, paging and export. */
export async function ListDetailPage({ slug, sp }: { slug: string; sp: SearchParams }) {
  const params = flatParams(sp);
  const parsed = listPageQuerySchema.safeParse({ ...params, slug });
  if (!parsed.success) notFound();
  const q = parsed.data;
  const { viewer, signedIn } = await getPageViewer();
  const maxResults = await maxResultsFor(viewer.tenantId ? { tenantId: viewer.tenantId } : null);
  const page = await getListPage(q, { maxResults });
  if (!page) notFound();
  const path = listHref.list(slug);
  const crumbs = [
    { label: '首页', href: '/' },
    { label: INDEX_TITLE, href: listHref.index },
    { label: page.list.name },
  ];
  const href = (change: Record<string, string | number | null>) => withParams(path, params, change);
  const filtered = Boolean(q.province || q.section);
  return (
    <PublicPageFrame crumbs={crumbs} ld={[listLd(page)]}>
      <section className="ent-card" aria-labelledby="il-list-title">
        <h1 id="il-list-title" className="ct-title" data-testid="list-title">
          {page.list.name}
        </h1>
        <p className="ct-item-summary">{page.list.description}</p>
        <dl className="il-facts">
          <div>
            <dt>企业数量</dt>
            <dd data-testid="list-count">{memberCountText(page.list)} 家</dd>
          </div>
          <div>
            <dt>入榜规则</dt>
            <dd>{page.list.definition}</dd>
          </div>
          {page.list.publisher ? (
            <div>
              <dt>发布机构</dt>
              <dd>{page.list.publisher}</dd>
            </div>
          ) : null}
          {page.list.refreshedAt ? (
            <div>
              <dt>更新时间</dt>
              <dd>
                {new Date(page.list.refreshedAt).toLocaleDateString('zh-CN', {
                  timeZone: 'Asia/Shanghai',
                })}
              </dd>
            </div>
          ) : null}
        </dl>
      </section>
      <section className="ent-card" aria-label="筛选">
        <FilterOptions
          title="地区"
          current={q.province}
          options={page.facets.province}
          href={(key) => href({ province: key })}
        />
        <FilterOptions
          title="行业"
          current={q.section}
          options={page.facets.section}
          href={(key) => href({ section: key })}
        />
      </section>
      <CountedSection
        id="il-members-title"
        title={`榜单企业${filtered ? '（已筛选）' : ''}`}
        count={`共 ${page.total} 家`}
        countTestId="list-total"
        actions={
          <ListExportButton
            filter={{ slug, province: q.province, section: q.section }}
            signedIn={signedIn}
            total={page.total}
          />
        }
      >
        {page.total === 0 ? (
          <p className="il-empty" data-testid="list-empty">
            {filtered
              ? '没有符合筛选条件的企业，换个地区或行业试试。'
              : '该榜单暂无符合条件的企业。'}
          </p>
        ) : (
          <ListTable rows={page.rows} caption={`${page.list.name}企业名单`} />
        )}
        {page.notice ? <p className="il-notice">{page.notice}</p> : null}
        <ContentPager
          pageNo={q.pageNo}
          pageSize={q.pageSize}
          total={Math.min(page.total, maxResults)}
          href={(n) => href({ pageNo: n })}
          label="榜单分页"
        />
      </CountedSection>
    </PublicPageFrame>
  );
}
