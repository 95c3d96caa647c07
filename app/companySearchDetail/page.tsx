import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import Link from 'next/link';
import { PublicHeader } from '@/components/layout/PublicHeader';
import { EnterpriseSearchBox } from '@/components/search/EnterpriseSearchBox';
import { DetailHeader } from '@/components/enterprise/detail/DetailHeader';
import { DetailTabs, type DetailTabItem } from '@/components/enterprise/detail/DetailTabs';
import { RegistrationPanel } from '@/components/enterprise/detail/RegistrationPanel';
import { TabTable } from '@/components/enterprise/detail/TabTable';
import { ChainPanel } from '@/components/enterprise/detail/ChainPanel';
import { AnnualReportPanel } from '@/components/enterprise/detail/AnnualReportPanel';
import { EnterpriseGraphs } from '@/components/enterprise/graph/EnterpriseGraphs';
import { getPageViewer } from '@/lib/server/enterprise/page-viewer';
import {
  findEnterpriseRow,
  getContactSummary,
  toHeader,
  toRegistration,
  type EnterpriseRow,
} from '@/lib/server/enterprise/enterprise.service';
import {
  getAnnualReports,
  listBranches,
  listChains,
  listChanges,
  listFinancing,
  listHonors,
  listInvestments,
  listPeople,
  listShareholders,
} from '@/lib/server/enterprise/enterprise-tabs.service';
import { getEnterpriseStates } from '@/lib/server/enterprise/enterprise-state.service';
import { companyCanonicalPath } from '@/lib/shared/enterprise/urls';
import { config } from '@/lib/server/config';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import '@/components/enterprise/enterprise.css';

export const dynamic = 'force-dynamic';

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

export default async function CompanyDetailPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const row = await rowFor(searchParams);
  if (!row) notFound();

  const { viewer, signedIn } = await getPageViewer();
  const firstPage = { pageNo: 1, pageSize: 10 };
  const [
    contacts,
    [state],
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
    getContactSummary(row.id, viewer),
    getEnterpriseStates([row.id], viewer),
    listShareholders(row.id, firstPage),
    listPeople(row, firstPage),
    listChanges(row.id, firstPage),
    listInvestments(row.id, firstPage),
    listBranches(row.id, firstPage),
    listFinancing(row.id, firstPage),
    listHonors(row.id, firstPage),
    listChains(row.id),
    getAnnualReports(row.id, viewer),
  ]);
  const header = toHeader(row);

  const panel = (title: string, body: React.ReactNode) => (
    <section aria-label={title}>
      <h2 className="ent-panel-title">{title}</h2>
      {body}
    </section>
  );

  const items: DetailTabItem[] = [
    {
      key: 'registration',
      label: '工商信息',
      content: panel('工商信息', <RegistrationPanel reg={toRegistration(row)} />),
    },
    {
      key: 'shareholders',
      label: '股东信息',
      count: shareholders.total,
      content: panel(
        '股东信息',
        <TabTable kind="shareholders" entId={row.id} initial={shareholders} />,
      ),
    },
    {
      key: 'people',
      label: '主要人员',
      count: people.total,
      content: panel('主要人员', <TabTable kind="people" entId={row.id} initial={people} />),
    },
    {
      key: 'changes',
      label: '变更记录',
      count: changes.total,
      content: panel('变更记录', <TabTable kind="changes" entId={row.id} initial={changes} />),
    },
    {
      key: 'investments',
      label: '对外投资',
      count: investments.total,
      content: panel(
        '对外投资',
        <TabTable kind="investments" entId={row.id} initial={investments} />,
      ),
    },
    {
      key: 'branches',
      label: '分支机构',
      count: branches.total,
      content: panel('分支机构', <TabTable kind="branches" entId={row.id} initial={branches} />),
    },
    {
      key: 'financing',
      label: '融资信息',
      count: financing.total,
      content: panel('融资信息', <TabTable kind="financing" entId={row.id} initial={financing} />),
    },
    {
      key: 'honors',
      label: '荣誉资质',
      count: honors.total,
      content: panel('荣誉资质', <TabTable kind="honors" entId={row.id} initial={honors} />),
    },
    {
      key: 'chains',
      label: '产业链',
      count: chains.length,
      content: panel('产业链', <ChainPanel chains={chains} />),
    },
    {
      key: 'annualReports',
      label: '年报',
      count: reports.years.length,
      content: panel('企业年报', <AnnualReportPanel entId={row.id} initial={reports} />),
    },
    { key: 'graph', label: '企业图谱', lazy: true, content: <EnterpriseGraphs entId={row.id} /> },
  ];
  const tab = one(sp.tab);
  const defaultKey = (TAB_KEYS as readonly string[]).includes(tab) ? tab : 'registration';

  return (
    <>
      <PublicHeader search={<EnterpriseSearchBox />} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(row) }} />
      <main className="ent-page">
        <nav aria-label="面包屑" className="ent-breadcrumb">
          <Link href="/">首页</Link> / <Link href="/companySearch">企业查询</Link> /{' '}
          <span>{header.name}</span>
        </nav>
        <DetailHeader
          header={header}
          contacts={contacts}
          signedIn={signedIn}
          state={{ favorite: state?.favorite ?? false, inCrm: state?.inCrm ?? false }}
        />
        <section className="ent-card" aria-label="企业详细信息">
          <DetailTabs items={items} defaultKey={defaultKey} />
        </section>
      </main>
    </>
  );
}
