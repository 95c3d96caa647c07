import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ChromeForState, type Chrome } from '@/components/layout/ChromeForState';
import { LeanSearchBox } from '@/components/search/LeanSearchBox';
import { DetailHeader } from '@/components/enterprise/detail/DetailHeader';
import { DetailTabs, TabPanel } from '@/components/enterprise/detail/DetailTabs';
import { RegistrationPanel } from '@/components/enterprise/detail/RegistrationPanel';
import { TabPager } from '@/components/enterprise/detail/TabTable';
import {
  TAB_PAGE_SIZE,
  TabTableView,
  type TabKind,
  type TabRows,
} from '@/components/enterprise/detail/tab-table-view';
import { ChainPanel } from '@/components/enterprise/detail/ChainPanel';
import { AnnualReportPanel } from '@/components/enterprise/detail/AnnualReportPanel';
import { LazyGraphs } from '@/components/enterprise/graph/LazyGraphs';
import type { PageResult } from '@/lib/shared/api/envelope';
import {
  ANONYMOUS,
  findEnterpriseRow,
  getContactSummary,
  toHeader,
  toRegistration,
  type EnterpriseRow,
  getAnnualReports,
  getPageViewer,
  listBranches,
  listChains,
  listChanges,
  listFinancing,
  listHonors,
  listInvestments,
  listPeople,
  listShareholders,
} from '@/lib/server/enterprise';
import { companyCanonicalPath } from '@/lib/shared/enterprise/urls';
import { financeHref } from '@/lib/shared/finance/urls';
import { config } from '@/lib/server/platform';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import '@/components/enterprise/enterprise.css';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function one(v: string | string[] | undefined): string {
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
}

/** One lookup per request, shared by generateMetadata and the page. */
const loadRow = cache(
  async (pid: string, uncid: string, name: string): Promise<EnterpriseRow | null> => {
    const id = /^\d{1,15}$/.test(pid) ? Number(pid) : undefined;
    if (!id && !uncid && !name) return null;
    return findEnterpriseRow({ id, uncid: uncid || undefined, name: name || undefined });
  },
);

async function rowFor(searchParams: SearchParams): Promise<EnterpriseRow | null> {
  const sp = await searchParams;
  return loadRow(one(sp.pid), one(sp.uncid), one(sp.company_name));
}

function describe(row: EnterpriseRow): string {
  const h = toHeader(row);
  const parts = [
    `${h.name}${h.establishDate ? `成立于${h.establishDate}` : ''}`,
    h.legalPerson ? `法定代表人${h.legalPerson}` : '',
    h.regCapitalText ? `注册资本${h.regCapitalText}` : '',
    `统一社会信用代码${h.uncid}`,
    h.status ? `登记状态${h.status}` : '',
    h.address ? `注册地址${h.address}` : '',
  ].filter(Boolean);
  const scope = row.businessScope ? `经营范围：${row.businessScope}` : '';
  const text = `${parts.join('，')}。${scope}`;
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  const row = await rowFor(searchParams);
  if (!row) return { title: '企业不存在', robots: { index: false } };
  const canonical = companyCanonicalPath(row.uncid);
  // Spec 2.2: the company name plus the product suffix.
  return {
    title: { absolute: `${row.name}${PRODUCT_SUFFIX}` },
    description: describe(row),
    alternates: { canonical },
    openGraph: { title: row.name, description: describe(row), url: canonical, type: 'website' },
  };
}

/** schema.org Organization without contacts (they are paid data). */
function jsonLd(row: EnterpriseRow): string {
  const h = toHeader(row);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: h.name,
    legalName: h.name,
    taxID: h.uncid,
    identifier: h.uncid,
    url: `${config.siteUrl}${companyCanonicalPath(h.uncid)}`,
    foundingDate: h.establishDate ?? undefined,
    address: h.address
      ? {
          '@type': 'PostalAddress',
          streetAddress: h.address,
          addressRegion: h.province?.name,
          addressLocality: h.city?.name ?? h.province?.name,
          addressCountry: 'CN',
        }
      : undefined,
    alternateName: h.formerNames.length ? h.formerNames : undefined,
  };
  // '<' escaped so a name can never close the script element.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

const TAB_KEYS = [
  'registration',
  'shareholders',
  'people',
  'changes',
  'investments',
  'branches',
  'financing',
  'honors',
  'chains',
  'annualReports',
  'graph',
] as const;

export async function CompanyDetailView({
  searchParams,
  chrome,
}: {
  searchParams: SearchParams;
  chrome: Chrome;
}) {
  const sp = await searchParams;
  const row = await rowFor(searchParams);
  if (!row) notFound();

  // The same HTML for every visitor (it may be served from a shared cache): contacts masked,
  // neutral buttons. The signed-in user's part arrives with one client call (viewer-state.ts).
  const firstPage = { pageNo: 1, pageSize: 10 };
  const [
    contacts,
    shareholders,
    people,
    changes,
    investments,
    branches,
    financing,
    honors,
    chains,
    reports,
  ] = await Promise.all([
    getContactSummary(row.id, ANONYMOUS),
    listShareholders(row.id, firstPage),
    listPeople(row, firstPage),
    listChanges(row.id, firstPage),
    listInvestments(row.id, firstPage),
    listBranches(row.id, firstPage),
    listFinancing(row.id, firstPage),
    listHonors(row.id, firstPage),
    listChains(row.id),
    getAnnualReports(row.id, ANONYMOUS),
  ]);
  const header = toHeader(row);

  const entId = row.id;
  // Tables are server-rendered HTML; only the pager is a client island (no row data as props).
  function table<K extends TabKind>(kind: K, page: PageResult<TabRows[K]>) {
    const view = <TabTableView kind={kind} page={page} />;
    return page.total > TAB_PAGE_SIZE ? (
      <TabPager kind={kind} entId={entId} total={page.total}>
        {view}
      </TabPager>
    ) : (
      view
    );
  }

  const items: {
    key: string;
    label: string;
    count?: number;
    title?: string;
    body: React.ReactNode;
  }[] = [
    {
      key: 'registration',
      label: '工商信息',
      body: <RegistrationPanel reg={toRegistration(row)} />,
    },
    {
      key: 'shareholders',
      label: '股东信息',
      count: shareholders.total,
      body: table('shareholders', shareholders),
    },
    { key: 'people', label: '主要人员', count: people.total, body: table('people', people) },
    { key: 'changes', label: '变更记录', count: changes.total, body: table('changes', changes) },
    {
      key: 'investments',
      label: '对外投资',
      count: investments.total,
      body: table('investments', investments),
    },
    {
      key: 'branches',
      label: '分支机构',
      count: branches.total,
      body: table('branches', branches),
    },
    {
      key: 'financing',
      label: '融资信息',
      count: financing.total,
      body: (
        <>
          {table('financing', financing)}
          {financing.total > 0 ? (
            <p>
              <a href={financeHref.project(row.uncid)} data-testid="finance-project-link">
                查看融资历程与投资方
              </a>
            </p>
          ) : null}
        </>
      ),
    },
    { key: 'honors', label: '荣誉资质', count: honors.total, body: table('honors', honors) },
    { key: 'chains', label: '产业链', count: chains.length, body: <ChainPanel chains={chains} /> },
    {
      key: 'annualReports',
      label: '年报',
      title: '企业年报',
      count: reports.years.length,
      body: <AnnualReportPanel entId={row.id} uncid={row.uncid} initial={reports} />,
    },
  ];
  const tab = one(sp.tab);
  const defaultKey = (TAB_KEYS as readonly string[]).includes(tab) ? tab : 'registration';

  const { signedIn } = await getPageViewer();
  const page = (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(row) }} />
      <main className="ent-page">
        {/* Plain links: no next/link client code on this lean page. */}
        <nav aria-label="面包屑" className="ent-breadcrumb">
          {/* Signed in, the workspace's top bar and breadcrumb lead home. */}
          {signedIn ? null : (
            <>
              {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
              <a href="/">首页</a> /{' '}
            </>
          )}
          <a href="/companySearch">企业查询</a> / <span>{header.name}</span>
        </nav>
        <DetailHeader header={header} contacts={contacts} />
        <section className="ent-card" aria-label="企业详细信息">
          <DetailTabs
            tabs={[
              ...items.map(({ key, label, count }) => ({ key, label, count })),
              { key: 'graph', label: '企业图谱' },
            ]}
            defaultKey={defaultKey}
          >
            {items.map((item) => (
              <TabPanel key={item.key} tabKey={item.key}>
                <section aria-label={item.title ?? item.label}>
                  <h2 className="ent-panel-title">{item.title ?? item.label}</h2>
                  {item.body}
                </section>
              </TabPanel>
            ))}
            <TabPanel tabKey="graph" lazy>
              <LazyGraphs entId={row.id} />
            </TabPanel>
          </DetailTabs>
        </section>
      </main>
    </>
  );
  return <ChromeForState chrome={chrome} member={page} search={<LeanSearchBox />} />;
}
