import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import {
  BarTable,
  IndustryPicker,
  LeaderTable,
  yearRows,
} from '@/components/industry/IndustryFigures';
import { getIndustryProfile } from '@/lib/server/content';
import { contentHref, reportKindOf } from '@/components/content/content-format';
import {
  industryMapHref,
  industryMapSearchHref,
  parseIndustryMapParams,
  subjectName,
} from '@/lib/shared/industry/industry-map';
import '@/components/enterprise/enterprise.css';
import '@/components/content/content.css';
import '@/components/search/search.css';
import '@/components/map/map-get-customer.css';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PATH = '/market-research/industry-details';
const hrefOf = (key: string) => `${PATH}?${/^CY\d{3}$/.test(key) ? 'chain' : 'industry'}=${key}`;

const queryOf = cache(async (searchParams: SearchParams) =>
  parseIndustryMapParams(await searchParams),
);

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  const query = await queryOf(searchParams);
  return {
    title: query ? `${subjectName(query.subject)} - 行业洞察` : '行业不存在',
    robots: { index: false, follow: false },
  };
}

function Related<T extends { id: number; title: string; publishDate: string }>({
  title,
  items,
  href,
  more,
}: {
  title: string;
  items: readonly T[];
  href: (item: T) => string;
  more: string;
}) {
  return (
    <section className="ent-card" aria-label={title}>
      <h2 className="mgc-h2">{title}</h2>
      {items.length === 0 ? (
        <p className="mgc-empty">暂无相关内容。</p>
      ) : (
        <ul className="idt-related">
          {items.map((item) => (
            <li key={item.id}>
              <a href={href(item)}>{item.title}</a>
              <span className="ent-muted">{item.publishDate}</span>
            </li>
          ))}
        </ul>
      )}
      <a className="idt-more" href={more}>
        查看更多 ›
      </a>
    </section>
  );
}

/**
 * 行业洞察 (spec 2.2, issue 31 item 3): one industry's profile — size and growth, regional
 * ranking, leaders, and the policies, reports and news filed under it — from the industry map's
 * stored statistics and the knowledge pages. Unknown industries are a 404.
 */
export default async function IndustryDetailsPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  const query = await queryOf(searchParams);
  if (!query) notFound();
  const { stats, growth, policies, reports, news } = await getIndustryProfile(query.subject);
  const name = subjectName(query.subject);
  const ranking = [...stats.regions]
    .sort((a, b) => b.count - a.count)
    .slice(0, 10)
    .map((r) => ({ key: r.code, label: r.name, count: r.count }));
  const industry = query.subject.kind === 'industry' ? query.subject.industry.code.slice(0, 2) : '';
  const listQuery = industry ? `?industry=${encodeURIComponent(industry)}` : '';
  return (
    <div className="ent-page idt-page">
      <h1 className="mgc-title">{name}</h1>
      <IndustryPicker subject={query.subject} hrefOf={hrefOf} />
      <section className="ent-card idt-facts" aria-label="规模与增长">
        <dl>
          <div>
            <dt>企业总数</dt>
            <dd>{stats.total.toLocaleString('zh-CN')} 家</dd>
          </div>
          <div>
            <dt>{growth.year}年新增</dt>
            <dd>{growth.count.toLocaleString('zh-CN')} 家</dd>
          </div>
          <div>
            <dt>较上年</dt>
            <dd className={growth.rate !== null && growth.rate < 0 ? 'is-down' : 'is-up'}>
              {growth.rate === null ? '-' : `${growth.rate > 0 ? '+' : ''}${growth.rate}%`}
            </dd>
          </div>
          <div>
            <dt>数据更新</dt>
            <dd>
              {new Date(stats.refreshedAt).toLocaleDateString('zh-CN', {
                timeZone: 'Asia/Shanghai',
              })}
            </dd>
          </div>
        </dl>
        <p className="idt-links">
          <a href={industryMapHref(query.subject.key)}>产业地图</a>
          <a href={industryMapSearchHref(query)}>查看全部企业</a>
          {query.subject.kind === 'chain' ? (
            <a href={`/industryInsights/industryTP/${query.subject.key}`}>产业链图谱</a>
          ) : null}
        </p>
      </section>
      <div className="imap-grid">
        <section className="ent-card" aria-label="地区排名">
          <h2 className="mgc-h2">地区排名</h2>
          <BarTable caption={`${name}企业数最多的省份`} head="省份" rows={ranking} />
        </section>
        <section className="ent-card" aria-label="新增企业">
          <h2 className="mgc-h2">新增企业（按成立年份）</h2>
          <BarTable caption={`${name}按成立年份的企业数`} head="成立年份" rows={yearRows(stats)} />
        </section>
      </div>
      <section className="ent-card" aria-label="龙头企业">
        <h2 className="mgc-h2">龙头企业</h2>
        <LeaderTable leaders={stats.leaders} />
      </section>
      <div className="idt-grid">
        <Related
          title="相关政策"
          items={policies}
          href={(p) => contentHref.policy(p.id)}
          more={`${contentHref.policySearch}${listQuery}`}
        />
        <Related
          title="研究报告"
          items={reports}
          href={(r) => contentHref.report(reportKindOf(r), r.id)}
          more={contentHref.reports('yjbg')}
        />
        <Related
          title="行业资讯"
          items={news}
          href={(n) => contentHref.news(n.id)}
          more={`${contentHref.newsList}${listQuery}`}
        />
      </div>
    </div>
  );
}
