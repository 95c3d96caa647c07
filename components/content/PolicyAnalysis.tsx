import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getPolicy, getSubsidy, matchEnterprisesForSubsidy } from '@/lib/server/content';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import type { SubsidyDetail } from '@/lib/shared/content/content.contract';
import { POLICY_TABS, type PolicyTabKey } from '@/lib/shared/content/content.constants';
import { ContentPager, flatParams } from './ContentBits';
import { ArticleHtml, ConditionList, PolicyHeader } from './PolicyParts';
import { CompareDock } from './CompareDock';
import { DemoNote } from './DemoNote';
import { contentHref } from './content-format';
import { parseContentId } from './content-id';
import './content.css';

type TabKey = PolicyTabKey;

const MATCH_PAGE_SIZE = 10;

const load = cache(async (rawId: string) => {
  const id = parseContentId(rawId);
  return id ? getPolicy(id) : null;
});

export async function policyAnalysisMetadata(rawId: string, activeKey?: string): Promise<Metadata> {
  const p = await load(rawId);
  // proxy.ts answers these addresses 404 before the workspace shell streams (missingPolicyPage).
  if (!p || !tabOf(activeKey)) return { title: '页面不存在', robots: { index: false } };
  // A signed-in page: never indexed; the public /policyDetail is the canonical page.
  return {
    title: `${p.title} - 政策分析`,
    alternates: { canonical: contentHref.policy(p.id) },
    robots: { index: false, follow: false },
  };
}

function tabOf(activeKey: string | undefined): TabKey | null {
  if (activeKey === undefined) return 'original';
  return POLICY_TABS.find((t) => t.key === activeKey)?.key ?? null;
}

/**
 * /policy-analysis/policy-inquiry/policy-details/{id}(/{activeKey}) (spec 2.2): the policy with
 * tabs as links (each tab its own address, server-rendered), 匹配企业 paged on the server.
 */
export async function PolicyAnalysis({
  id,
  activeKey,
  searchParams,
}: {
  id: string;
  activeKey?: string;
  searchParams: Record<string, string | string[] | undefined>;
}) {
  const tab = tabOf(activeKey);
  const p = await load(id);
  if (!p || !tab) notFound();
  const params = flatParams(searchParams);

  let body: React.ReactNode;
  if (tab === 'original') {
    body = <ArticleHtml html={p.bodyHtml} testId="policy-body" />;
  } else if (tab === 'interpretation') {
    body = p.interpretationHtml ? (
      <ArticleHtml html={p.interpretationHtml} />
    ) : (
      <p className="ent-muted">暂无解读。</p>
    );
  } else if (tab === 'conditions') {
    const details = (await Promise.all(p.subsidies.map((s) => getSubsidy(s.id)))).filter(
      (s): s is SubsidyDetail => s !== null,
    );
    body = <ConditionList subsidies={details} />;
  } else {
    body = await MatchedEnterprises({ policyId: p.id, subsidies: p.subsidies, params });
  }

  return (
    <div className="ent-page">
      {/* Issue 28 item 7: the workspace frame already shows the breadcrumb (首页 › …); a second
          trail here made two. The way back stays as one link. */}
      <p className="ct-back">
        <a href={contentHref.policySearch}>‹ 返回政策查询</a>
      </p>
      <DemoNote show={p.demo} />
      <PolicyHeader policy={p} />
      <section className="ent-card" aria-label="政策分析">
        <nav className="ct-tabs" aria-label="政策分析">
          {POLICY_TABS.map((t) => (
            <a
              key={t.key}
              href={contentHref.policyTab(p.id, t.key)}
              className="ct-tab"
              aria-current={t.key === tab ? 'page' : undefined}
              data-testid={`policy-tab-${t.key}`}
            >
              {t.label}
            </a>
          ))}
        </nav>
        <h2 className="ct-subtitle">{POLICY_TABS.find((t) => t.key === tab)?.label}</h2>
        {body}
      </section>
      <CompareDock />
    </div>
  );
}

async function MatchedEnterprises({
  policyId,
  subsidies,
  params,
}: {
  policyId: number;
  subsidies: { id: number; name: string }[];
  params: Record<string, string>;
}) {
  if (subsidies.length === 0) {
    return <p className="ent-muted">本政策没有设定目标企业画像的扶持项目。</p>;
  }
  const wanted = parseContentId(params.subsidyId);
  const subsidy = subsidies.find((s) => s.id === wanted) ?? subsidies[0];
  const pageNo = Math.max(1, Math.floor(Number(params.pageNo)) || 1);
  const result = await matchEnterprisesForSubsidy(subsidy.id, {
    pageNo,
    pageSize: MATCH_PAGE_SIZE,
  });
  const base = contentHref.policyTab(policyId, 'enterprises');
  const href = (sid: number, page = 1) =>
    `${base}?subsidyId=${sid}${page > 1 ? `&pageNo=${page}` : ''}`;
  return (
    <>
      {subsidies.length > 1 ? (
        <nav className="ct-side-links" aria-label="扶持项目">
          {subsidies.map((s) => (
            <a key={s.id} href={href(s.id)} aria-current={s.id === subsidy.id ? 'true' : undefined}>
              {s.name}
            </a>
          ))}
        </nav>
      ) : null}
      <p className="ent-muted" data-testid="match-summary">
        符合「{subsidy.name}」目标画像的企业
        {result
          ? `：${result.totalCapped ? '约' : ''}${result.total.toLocaleString('en-US')} 家`
          : ''}
      </p>
      {result && result.list.length > 0 ? (
        <>
          <div className="ent-table-wrap">
            <table className="ent-table" data-testid="match-table">
              <thead>
                <tr>
                  <th scope="col">企业名称</th>
                  <th scope="col">法定代表人</th>
                  <th scope="col">成立日期</th>
                  <th scope="col">地区</th>
                  <th scope="col">行业</th>
                </tr>
              </thead>
              <tbody>
                {result.list.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <a href={companyDetailPath({ uncid: e.uncid, name: e.name })}>{e.name}</a>
                    </td>
                    <td>{e.legalPerson || '—'}</td>
                    <td>{e.establishDate ?? '—'}</td>
                    <td>{[e.provinceName, e.cityName].filter(Boolean).join(' ') || '—'}</td>
                    <td>{e.industryName || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ContentPager
            pageNo={result.pageNo}
            pageSize={result.pageSize}
            total={result.total}
            href={(n) => href(subsidy.id, n)}
            label="匹配企业分页"
          />
        </>
      ) : (
        <p className="ent-empty">暂无符合画像的企业。</p>
      )}
    </>
  );
}
