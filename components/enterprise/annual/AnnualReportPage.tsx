import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import {
  PublicPageFrame,
  RowsTable,
  TitledSection,
  absoluteUrl,
  flatParams,
} from '@/components/content/ContentBits';
import { getAnnualReportDetail } from '@/lib/server/enterprise';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import {
  annualReportHref,
  annualReportQuerySchema,
  type AnnualItem,
  type AnnualReportDetail,
} from '@/lib/shared/enterprise/annual-report.contract';
import { companyCanonicalPath } from '@/lib/shared/enterprise/urls';

/*
 * 年报详情 (spec 2.1 /annualReportDetail, issue 32 item 1): one published annual report, server
 * rendered, the same for every visitor (contacts masked). Unknown company or year → 404; a company
 * that published none → an empty state.
 */

type SearchParams = Record<string, string | string[] | undefined>;

const load = cache(async (uncid: string, year: number | undefined) =>
  getAnnualReportDetail({ uncid, year }),
);

async function detailFor(sp: SearchParams): Promise<AnnualReportDetail | null> {
  const parsed = annualReportQuerySchema.safeParse(flatParams(sp));
  if (!parsed.success) return null;
  return load(parsed.data.uncid, parsed.data.year);
}

/** The spec's title: entity name plus year. */
export function annualReportTitle(name: string, year: number): string {
  return `${name} ${year}年度报告`;
}

export async function annualReportMetadata(sp: SearchParams): Promise<Metadata> {
  const d = await detailFor(sp);
  if (!d) return { title: '年报不存在', robots: { index: false } };
  if (!d.report)
    return {
      title: { absolute: `${d.company.name} 企业年报${PRODUCT_SUFFIX}` },
      alternates: { canonical: annualReportHref(d.company.uncid) },
      robots: { index: false, follow: true },
    };
  const r = d.report;
  const facts = [...r.basics, ...r.assets]
    .filter((i) => i.value !== '-' && !/\*/.test(i.value))
    .slice(0, 6)
    .map((i) => `${i.label}${i.value}`)
    .join('，');
  return {
    title: { absolute: `${annualReportTitle(d.company.name, r.year)}${PRODUCT_SUFFIX}` },
    description: `${d.company.name}（统一社会信用代码 ${d.company.uncid}）${r.year}年度报告${
      r.publishedAt ? `，公示于${r.publishedAt}` : ''
    }：${facts}；股东及出资、网站、对外投资与变更信息。`.slice(0, 160),
    alternates: { canonical: annualReportHref(d.company.uncid, r.year) },
  };
}

function KvTable({ items, label }: { items: AnnualItem[]; label: string }) {
  return (
    <div className="fi-kv-wrap">
      <table className="ent-kv" aria-label={label}>
        <tbody>
          {items.map((i) => (
            <tr key={i.key}>
              <th scope="row">{i.label}</th>
              <td>{i.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="ent-empty">{children}</p>;
}

function money(v: number | null): string {
  return v === null ? '-' : `${v} 万元`;
}

function percent(v: number | null): string {
  return v === null ? '-' : `${v}%`;
}

/** A company's name, linked to its page when it is a registered company. */
function companyLink(name: string, uncid: string | null): React.ReactNode {
  return uncid ? <a href={companyCanonicalPath(uncid)}>{name}</a> : name;
}

/** /annualReportDetail?uncid=…&year=…: one year's report with the other years one click away. */
export async function AnnualReportPage({ sp }: { sp: SearchParams }) {
  const d = await detailFor(sp);
  if (!d) notFound();
  const c = d.company;
  const r = d.report;
  const title = r ? annualReportTitle(c.name, r.year) : `${c.name} 企业年报`;
  const crumbs = [
    { label: '首页', href: '/' },
    { label: c.name, href: companyCanonicalPath(c.uncid) },
    { label: r ? `${r.year}年度报告` : '企业年报' },
  ];
  return (
    <PublicPageFrame
      crumbs={crumbs}
      ld={[
        ...(r
          ? [
              {
                '@type': 'Report',
                name: title,
                url: absoluteUrl(annualReportHref(c.uncid, r.year)),
                ...(r.publishedAt ? { datePublished: r.publishedAt } : {}),
                about: {
                  '@type': 'Organization',
                  name: c.name,
                  taxID: c.uncid,
                  url: absoluteUrl(companyCanonicalPath(c.uncid)),
                },
              },
            ]
          : []),
      ]}
    >
      <section className="ent-card" aria-labelledby="ar-title">
        <h1 id="ar-title" className="ct-title" data-testid="annual-title">
          {title}
        </h1>
        <dl className="il-facts">
          <div>
            <dt>统一社会信用代码</dt>
            <dd>{c.uncid}</dd>
          </div>
          <div>
            <dt>法定代表人</dt>
            <dd>{c.legalPerson || '-'}</dd>
          </div>
          {r?.publishedAt ? (
            <div>
              <dt>公示日期</dt>
              <dd>{r.publishedAt}</dd>
            </div>
          ) : null}
        </dl>
        {d.years.length > 0 ? (
          <nav aria-label="年报年度" className="fi-scope">
            <ul className="fi-chips" data-testid="annual-years">
              {d.years.map((y) => (
                <li key={y}>
                  <a
                    href={annualReportHref(c.uncid, y)}
                    aria-current={r?.year === y ? 'page' : undefined}
                  >
                    {y}年度
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p className="fi-scope">
          <a href={`${companyCanonicalPath(c.uncid)}&tab=annualReports`}>返回企业详情</a>
        </p>
      </section>
      {!r ? (
        <section className="ent-card">
          <p className="il-empty" data-testid="annual-empty">
            该企业暂无公示的企业年报。
          </p>
        </section>
      ) : (
        <>
          <TitledSection name="ar-basics" title="企业基本信息" className="ent-card">
            <KvTable items={r.basics} label="企业基本信息" />
          </TitledSection>
          <TitledSection name="ar-assets" title="资产状况信息" className="ent-card">
            {r.assets.length ? (
              <KvTable items={r.assets} label="资产状况信息" />
            ) : (
              <Empty>企业未公示资产状况信息</Empty>
            )}
          </TitledSection>
          <TitledSection name="ar-holders" title="股东及出资信息" className="ent-card">
            {r.shareholders.length ? (
              <RowsTable
                caption="股东及出资信息"
                rows={r.shareholders}
                rowKey={(x) => x.id}
                columns={[
                  { label: '股东', cell: (x) => companyLink(x.holderName, x.holderUncid) },
                  { label: '认缴出资额', cell: (x) => money(x.subscribedAmount) },
                  { label: '认缴出资日期', cell: (x) => x.subscribedDate ?? '-' },
                  { label: '持股比例', cell: (x) => percent(x.ratio) },
                ]}
              />
            ) : (
              <Empty>暂无股东及出资信息</Empty>
            )}
          </TitledSection>
          <TitledSection name="ar-sites" title="网站或网店信息" className="ent-card">
            {r.websites.length ? (
              <ul className="fi-sites">
                {r.websites.map((w) => (
                  <li key={w.url}>
                    {w.kind}：{w.name}（{w.url}）
                  </li>
                ))}
              </ul>
            ) : (
              <Empty>暂无网站或网店信息</Empty>
            )}
          </TitledSection>
          <TitledSection name="ar-invest" title="对外投资信息" className="ent-card">
            {r.investments.length ? (
              <RowsTable
                caption="对外投资信息"
                rows={r.investments}
                rowKey={(x) => x.id}
                columns={[
                  {
                    label: '被投资企业',
                    cell: (x) => companyLink(x.investeeName, x.investeeUncid),
                  },
                  { label: '投资数额', cell: (x) => money(x.amount) },
                  { label: '持股比例', cell: (x) => percent(x.ratio) },
                ]}
              />
            ) : (
              <Empty>暂无对外投资信息</Empty>
            )}
          </TitledSection>
          <TitledSection name="ar-changes" title="变更信息" className="ent-card">
            {r.changes.length ? (
              <RowsTable
                caption="变更信息"
                rows={r.changes}
                rowKey={(x, i) => `${x.date}-${i}`}
                columns={[
                  { label: '变更事项', cell: (x) => x.item },
                  { label: '变更日期', cell: (x) => x.date },
                  { label: '变更前', cell: (x) => x.before ?? '-' },
                  { label: '变更后', cell: (x) => x.after ?? '-' },
                ]}
              />
            ) : (
              <Empty>{r.year}年度无变更信息</Empty>
            )}
          </TitledSection>
        </>
      )}
    </PublicPageFrame>
  );
}
