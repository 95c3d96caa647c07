import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import {
  ContentPager,
  CountedSection,
  FilterOptions,
  FilterRow,
  PublicPageFrame,
  OptionLink,
  TitledSection,
  absoluteUrl,
  collectionPageLd,
  flatParams,
  withParams,
} from '@/components/content/ContentBits';
import {
  findInstitutionId,
  getFinanceEventPage,
  getFinanceInstitution,
  getFinanceProject,
  topInstitutions,
} from '@/lib/server/content';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import { companyCanonicalPath } from '@/lib/shared/enterprise/urls';
import { getProvinces } from '@/lib/shared/geo';
import { getSections } from '@/lib/shared/industry';
import {
  FINANCE_MAX_PAGE,
  FINANCE_ROUNDS,
  FINANCE_SORTS,
  FINANCE_SORT_LABEL,
  financeEventQuerySchema,
  financeHref,
  financeInstitutionQuerySchema,
  financeProjectQuerySchema,
  type FinanceEvent,
} from '@/lib/shared/finance/finance';
import { CountBars, FinanceTable } from './FinanceTable';

/*
 * 投融资 (issue 32 item 2, ADR 0193): /finance, /details/projectionDetail and
 * /details/organizationDetail as server components. Filters and paging are links (readable
 * without JavaScript); filtered variants are noindex with the unfiltered page as canonical.
 */

type SearchParams = Record<string, string | string[] | undefined>;

const INDEX_TITLE = '投融资';
const indexCrumb = { label: INDEX_TITLE, href: financeHref.index };

export const financeIndexMetadata = (sp: SearchParams): Metadata => {
  const filtered = Object.keys(flatParams(sp)).length > 0;
  return {
    title: { absolute: `${INDEX_TITLE} - 融资事件、投资机构与融资项目${PRODUCT_SUFFIX}` },
    description:
      '投融资：企业融资事件（轮次、金额、日期、投资方、行业、地区），按轮次、行业、地区和年份筛选，查看投资机构的投资组合与共同投资方。',
    alternates: { canonical: financeHref.index },
    robots: filtered ? { index: false, follow: true } : undefined,
  };
};

function eventLd(e: FinanceEvent): Record<string, unknown> {
  return {
    '@type': 'Event',
    name: `${e.company.name} ${e.round}融资`,
    startDate: e.date,
    url: absoluteUrl(financeHref.project(e.company.uncid)),
    organizer: { '@type': 'Organization', name: e.company.name, taxID: e.company.uncid },
  };
}

/** /finance: financing events with filters, sort and paging, and the most active institutions. */
export async function FinanceIndexPage({ sp }: { sp: SearchParams }) {
  const params = flatParams(sp);
  const parsed = financeEventQuerySchema.safeParse(params);
  if (!parsed.success) notFound();
  const q = parsed.data;
  const [page, leaders] = await Promise.all([getFinanceEventPage(q), topInstitutions(16)]);
  const path = financeHref.index;
  const href = (change: Record<string, string | number | null>) => withParams(path, params, change);
  const crumbs = [{ label: '首页', href: '/' }, { label: INDEX_TITLE }];
  const filtered = Boolean(q.round || q.section || q.province || q.year);
  return (
    <PublicPageFrame
      crumbs={crumbs}
      ld={[collectionPageLd(INDEX_TITLE, path, page.rows.slice(0, 20).map(eventLd))]}
    >
      <section className="ent-card" aria-labelledby="fi-title">
        <h1 id="fi-title" className="ct-title">
          {INDEX_TITLE}
        </h1>
        <p className="ent-muted">
          企业融资事件：轮次、金额、日期、投资方、行业与地区；点击企业查看融资项目，点击投资方查看投资机构。
        </p>
      </section>
      <section className="ent-card" aria-label="筛选">
        <FilterOptions
          title="轮次"
          current={q.round}
          options={FINANCE_ROUNDS.map((r) => ({ key: r, label: r }))}
          href={(key) => href({ round: key })}
        />
        <FilterOptions
          title="行业"
          current={q.section}
          options={getSections().map((x) => ({ key: x.code, label: x.name }))}
          href={(key) => href({ section: key })}
        />
        <FilterOptions
          title="地区"
          current={q.province}
          options={getProvinces().map((x) => ({ key: x.code, label: x.name }))}
          href={(key) => href({ province: key })}
        />
        <FilterOptions
          title="年份"
          current={q.year}
          options={page.years.map((y) => ({ key: String(y), label: `${y}年` }))}
          href={(key) => href({ year: key })}
        />
        <FilterRow title="排序">
          {FINANCE_SORTS.map((s) => (
            <OptionLink
              key={s}
              href={href({ sort: s === 'date_desc' ? null : s })}
              active={q.sort === s}
              label={FINANCE_SORT_LABEL[s]}
            />
          ))}
        </FilterRow>
      </section>
      <CountedSection
        id="fi-events-title"
        title={`融资事件${filtered ? '（已筛选）' : ''}`}
        count={`共 ${page.total} 起`}
        countTestId="finance-total"
      >
        {page.rows.length === 0 ? (
          <p className="il-empty" data-testid="finance-empty">
            {filtered ? '没有符合筛选条件的融资事件，换个轮次、行业或地区试试。' : '暂无融资事件。'}
          </p>
        ) : (
          <FinanceTable rows={page.rows} caption="融资事件" />
        )}
        <ContentPager
          pageNo={q.pageNo}
          pageSize={q.pageSize}
          total={Math.min(page.total, FINANCE_MAX_PAGE * q.pageSize)}
          href={(n) => href({ pageNo: n })}
          label="融资事件分页"
        />
      </CountedSection>
      {leaders.length > 0 ? (
        <TitledSection name="fi-leaders" title="活跃投资机构" className="ent-card">
          <ul className="fi-chips" data-testid="finance-institutions">
            {leaders.map((l) => (
              <li key={l.id}>
                <a href={financeHref.institution(l.id)}>
                  {l.name}
                  <span className="fi-chip-n">{l.eventCount}</span>
                </a>
              </li>
            ))}
          </ul>
        </TitledSection>
      ) : null}
    </PublicPageFrame>
  );
}

// ---- /details/projectionDetail ----

const loadProject = cache((uncid: string) => getFinanceProject(uncid));

function projectUncid(sp: SearchParams): string | null {
  const parsed = financeProjectQuerySchema.safeParse(flatParams(sp));
  return parsed.success ? parsed.data.uncid : null;
}

export async function projectMetadata(sp: SearchParams): Promise<Metadata> {
  const uncid = projectUncid(sp);
  const p = uncid ? await loadProject(uncid) : null;
  if (!p) return { title: '融资项目不存在', robots: { index: false } };
  const last = p.events.at(-1);
  return {
    title: { absolute: `${p.company.name}融资历程 - 融资项目${PRODUCT_SUFFIX}` },
    description: last
      ? `${p.company.name}共 ${p.events.length} 轮融资，最近一轮 ${last.round}（${last.date}，${last.amount || '金额未披露'}），投资方包括${p.investors
          .slice(0, 5)
          .map((i) => i.name)
          .join('、')}。`
      : `${p.company.name}暂无公开的融资信息。`,
    alternates: { canonical: financeHref.project(p.company.uncid) },
    robots: p.events.length === 0 ? { index: false, follow: true } : undefined,
  };
}

/** /details/projectionDetail?uncid=…: one financed company with every round and investor. */
export async function ProjectPage({ sp }: { sp: SearchParams }) {
  const uncid = projectUncid(sp);
  const p = uncid ? await loadProject(uncid) : null;
  if (!p) notFound();
  const c = p.company;
  const crumbs = [{ label: '首页', href: '/' }, indexCrumb, { label: c.name }];
  return (
    <PublicPageFrame
      crumbs={crumbs}
      ld={[
        {
          '@type': 'Organization',
          name: c.name,
          taxID: c.uncid,
          url: absoluteUrl(companyCanonicalPath(c.uncid)),
          ...(c.establishDate ? { foundingDate: c.establishDate } : {}),
          funder: p.investors.slice(0, 20).map((i) => ({ '@type': 'Organization', name: i.name })),
        },
      ]}
    >
      <section className="ent-card" aria-labelledby="fi-project-title">
        <h1 id="fi-project-title" className="ct-title" data-testid="project-title">
          {c.name}
        </h1>
        <dl className="il-facts">
          <div>
            <dt>融资轮数</dt>
            <dd data-testid="project-rounds">{p.events.length} 轮</dd>
          </div>
          {p.events.length ? (
            <div>
              <dt>最近一轮</dt>
              <dd>
                {p.events.at(-1)!.round}（{p.events.at(-1)!.date}）
              </dd>
            </div>
          ) : null}
          <div>
            <dt>法定代表人</dt>
            <dd>{c.legalPerson || '-'}</dd>
          </div>
          <div>
            <dt>成立日期</dt>
            <dd>{c.establishDate ?? '-'}</dd>
          </div>
          <div>
            <dt>地区</dt>
            <dd>{c.regionName || '-'}</dd>
          </div>
          <div>
            <dt>行业</dt>
            <dd>{c.industryName || '-'}</dd>
          </div>
        </dl>
        {c.businessScope ? (
          <p className="fi-scope">经营范围：{c.businessScope.slice(0, 200)}</p>
        ) : null}
        <p className="fi-scope">
          <a href={companyCanonicalPath(c.uncid)}>查看企业详情</a>
        </p>
      </section>
      <TitledSection name="fi-project-events" title="融资历程" className="ent-card">
        {p.events.length === 0 ? (
          <p className="il-empty" data-testid="project-empty">
            该企业暂无公开的融资信息。
          </p>
        ) : (
          <FinanceTable rows={[...p.events].reverse()} caption="融资历程" company={false} />
        )}
      </TitledSection>
      {p.investors.length ? (
        <TitledSection name="fi-project-investors" title="投资方" className="ent-card">
          <ul className="fi-chips">
            {p.investors.map((i) => (
              <li key={i.name}>
                {i.id ? (
                  <a href={financeHref.institution(i.id)}>
                    {i.name}
                    <span className="fi-chip-n">{i.rounds} 轮</span>
                  </a>
                ) : (
                  <span>{i.name}</span>
                )}
              </li>
            ))}
          </ul>
        </TitledSection>
      ) : null}
    </PublicPageFrame>
  );
}

// ---- /details/organizationDetail ----

const loadInstitution = cache((id: number, pageNo: number, pageSize: number) =>
  getFinanceInstitution({ id, pageNo, pageSize }),
);

function institutionQuery(sp: SearchParams) {
  const parsed = financeInstitutionQuerySchema.safeParse(flatParams(sp));
  return parsed.success ? parsed.data : null;
}

export async function institutionMetadata(sp: SearchParams): Promise<Metadata> {
  const q = institutionQuery(sp);
  const inst = q ? await loadInstitution(q.id, q.pageNo, q.pageSize) : null;
  if (!inst) return { title: '投资机构不存在', robots: { index: false } };
  const paged = Object.keys(flatParams(sp)).some((k) => k !== 'id');
  return {
    title: { absolute: `${inst.name} - 投资机构${PRODUCT_SUFFIX}` },
    description: `${inst.name}（${inst.kind}）共参与 ${inst.eventCount} 起融资事件，投资 ${inst.projectCount} 家企业${
      inst.byRound.length
        ? `，以${inst.byRound
            .slice(0, 3)
            .map((r) => r.label)
            .join('、')}为主`
        : ''
    }。查看投资组合（按轮次、行业、年份）与共同投资方。`,
    alternates: { canonical: financeHref.institution(inst.id) },
    robots: paged || inst.eventCount === 0 ? { index: false, follow: true } : undefined,
  };
}

/** /details/organizationDetail?id=…: an institution's portfolio, co-investors and events. */
export async function InstitutionPage({ sp }: { sp: SearchParams }) {
  const named = flatParams(sp);
  // ?name=… (an investor on a company page): the institution's own address, or 404.
  if (named.name && !named.id) {
    const id = await findInstitutionId(named.name);
    if (id) permanentRedirect(financeHref.institution(id));
    notFound();
  }
  const q = institutionQuery(sp);
  const inst = q ? await loadInstitution(q.id, q.pageNo, q.pageSize) : null;
  if (!q || !inst) notFound();
  const params = flatParams(sp);
  const path = financeHref.institution(inst.id);
  const crumbs = [{ label: '首页', href: '/' }, indexCrumb, { label: inst.name }];
  return (
    <PublicPageFrame
      crumbs={crumbs}
      ld={[
        {
          '@type': 'Organization',
          name: inst.name,
          url: absoluteUrl(path),
          description: `${inst.kind}，参与 ${inst.eventCount} 起融资事件`,
        },
      ]}
    >
      <section className="ent-card" aria-labelledby="fi-inst-title">
        <h1 id="fi-inst-title" className="ct-title" data-testid="institution-title">
          {inst.name}
        </h1>
        <dl className="il-facts">
          <div>
            <dt>机构类型</dt>
            <dd>{inst.kind}</dd>
          </div>
          <div>
            <dt>投资事件</dt>
            <dd data-testid="institution-events">{inst.eventCount} 起</dd>
          </div>
          <div>
            <dt>投资企业</dt>
            <dd>{inst.projectCount} 家</dd>
          </div>
          {inst.firstDate ? (
            <div>
              <dt>投资时间</dt>
              <dd>
                {inst.firstDate} 至 {inst.lastDate}
              </dd>
            </div>
          ) : null}
        </dl>
      </section>
      {inst.eventCount === 0 ? (
        <section className="ent-card">
          <p className="il-empty" data-testid="institution-empty">
            该机构暂无投资事件。
          </p>
        </section>
      ) : (
        <>
          <TitledSection name="fi-portfolio" title="投资组合" className="ent-card">
            <div className="fi-grid">
              <div>
                <h3>按轮次</h3>
                <CountBars
                  items={inst.byRound.map((r) => ({
                    ...r,
                    href: withParams(financeHref.index, {}, { round: r.key }),
                  }))}
                  label="按轮次"
                  testId="portfolio-round"
                />
              </div>
              <div>
                <h3>按行业</h3>
                <CountBars items={inst.bySection} label="按行业" testId="portfolio-section" />
              </div>
              <div>
                <h3>按年份</h3>
                <CountBars items={inst.byYear} label="按年份" testId="portfolio-year" />
              </div>
            </div>
          </TitledSection>
          <TitledSection name="fi-co" title="共同投资方" className="ent-card">
            {inst.coInvestors.length === 0 ? (
              <p className="il-empty">暂无共同投资方。</p>
            ) : (
              <ul className="fi-chips" data-testid="co-investors">
                {inst.coInvestors.map((c) => (
                  <li key={c.id}>
                    <a href={financeHref.institution(c.id)}>
                      {c.name}
                      <span className="fi-chip-n">{c.count} 次</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </TitledSection>
          <CountedSection
            id="fi-inst-events"
            title="投资事件"
            count={`共 ${inst.portfolio.total} 起`}
          >
            <FinanceTable rows={inst.portfolio.rows} caption={`${inst.name}投资事件`} />
            <ContentPager
              pageNo={q.pageNo}
              pageSize={q.pageSize}
              total={Math.min(inst.portfolio.total, FINANCE_MAX_PAGE * q.pageSize)}
              href={(n) =>
                withParams(financeHref.institution(inst.id).split('?')[0], params, { pageNo: n })
              }
              label="投资事件分页"
            />
          </CountedSection>
        </>
      )}
    </PublicPageFrame>
  );
}
