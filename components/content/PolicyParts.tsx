import type { ReactNode } from 'react';
import type {
  PolicyDetail,
  SubsidyDetail,
  SubsidySummary,
} from '@/lib/shared/content/content.contract';
import { absoluteUrl } from './ContentBits';
import { CompareButton } from './CompareButton';
import {
  amountRange,
  contentHref,
  policyCompareEntry,
  statusTagClass,
  windowText,
} from './content-format';

/** Title, tags, the facts table and 加入对比. */
export function PolicyHeader({
  policy: p,
  extra,
}: {
  policy: PolicyDetail;
  extra?: React.ReactNode;
}) {
  const facts: [string, string][] = [
    ['发文机关', p.issuer],
    ['发文字号', p.docNo ?? ''],
    ['政策层级', p.levelLabel],
    ['所属地区', p.regionName],
    ['政策类别', p.kindLabel],
    ['适用行业', p.industryNames.join('、')],
    ['发布日期', p.publishDate],
    ['生效日期', p.effectiveDate ?? ''],
    ['失效日期', p.expiryDate ?? ''],
    ['申报时间', windowText(p)],
  ];
  return (
    <section className="ent-card" aria-labelledby="ct-policy-title">
      <h1 id="ct-policy-title" className="ct-title" data-testid="policy-title">
        {p.title}
      </h1>
      <p className="ent-tags">
        <span className="ptag ptag-blue">{p.levelLabel}</span>
        <span className="ptag">{p.kindLabel}</span>
        {p.status ? <span className={statusTagClass(p.status)}>{p.statusLabel}</span> : null}
      </p>
      <dl className="ct-meta">
        {facts
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}：</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
      <div className="ct-head-actions">
        <CompareButton entry={policyCompareEntry(p)} />
        {extra}
      </div>
    </section>
  );
}

/**
 * The article's own headings move below the page's section heading (h2), keeping their order:
 * the highest becomes h3, so the page's outline has no second h1 and no skipped level.
 */
export function nestHeadings(html: string): string {
  const levels = [...html.matchAll(/<h([1-6])[\s>]/gi)].map((m) => Number(m[1]));
  if (levels.length === 0) return html;
  const shift = 3 - Math.min(...levels);
  if (shift <= 0) return html;
  return html.replace(
    /<(\/?)h([1-6])(?=[\s>])/gi,
    (_, slash: string, n: string) => `<${slash}h${Math.min(6, Number(n) + shift)}`,
  );
}

/** Sanitised HTML from the content service (sanitize-html on import and in the generator). */
export function ArticleHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <div
      className="ct-article"
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: nestHeadings(html) }}
    />
  );
}

/** A subsidy's name as a link, then its amount and application window; `extra` ends the line. */
function SubsidyHead({ s, extra }: { s: SubsidySummary; extra?: ReactNode }) {
  return (
    <>
      <h3 className="ct-item-title">
        <a href={contentHref.subsidy(s.id)}>{s.name}</a>
      </h3>
      <p className="ent-muted">
        扶持金额：{amountRange(s)}
        {windowText(s) ? ` · 申报时间：${windowText(s)}` : ''}
        {extra}
      </p>
    </>
  );
}

/** Conditions or materials as a numbered list; `empty` (default nothing) when there are none. */
export function Sentences({
  items,
  testId,
  empty = null,
}: {
  items: string[];
  testId?: string;
  empty?: ReactNode;
}) {
  return items.length > 0 ? (
    <ol className="ct-article" data-testid={testId}>
      {items.map((c, i) => (
        <li key={i}>{c}</li>
      ))}
    </ol>
  ) : (
    empty
  );
}

export function SubsidyList({ subsidies }: { subsidies: SubsidySummary[] }) {
  if (subsidies.length === 0) return <p className="ent-muted">本政策未列出单独的扶持项目。</p>;
  return (
    <ul className="ct-list">
      {subsidies.map((s) => (
        <li key={s.id} className="ct-item" data-testid="subsidy-item">
          <SubsidyHead
            s={s}
            extra={
              s.status ? (
                <>
                  {' '}
                  · <span className={statusTagClass(s.status)}>{s.statusLabel}</span>
                </>
              ) : null
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** 申报条件 of each subsidy: conditions, materials and the target enterprise profile. */
export function ConditionList({ subsidies }: { subsidies: SubsidyDetail[] }) {
  if (subsidies.length === 0) return <p className="ent-muted">本政策未列出申报条件。</p>;
  return (
    <>
      {subsidies.map((s) => (
        <section key={s.id} className="ct-section" aria-label={s.name}>
          <SubsidyHead s={s} />
          <Sentences items={s.conditions} />
          {s.targetProfileText ? (
            <p className="ent-muted">目标企业画像：{s.targetProfileText}</p>
          ) : null}
        </section>
      ))}
    </>
  );
}

export function Attachments({ items }: { items: PolicyDetail['attachments'] }) {
  if (items.length === 0) return null;
  return (
    <ul className="ct-links">
      {items.map((a) => (
        <li key={a.url}>
          <a href={a.url} rel="nofollow">
            {a.name}
          </a>
          {a.size ? <span className="ent-muted"> （{Math.ceil(a.size / 1024)} KB）</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function RelatedLinks({
  items,
  href,
}: {
  items: { id: number; title: string; publishDate: string }[];
  href: (id: number) => string;
}) {
  if (items.length === 0) return <p className="ent-muted">暂无</p>;
  return (
    <ul className="ct-links">
      {items.map((r) => (
        <li key={r.id}>
          <a href={href(r.id)}>{r.title}</a> <span className="ent-muted">{r.publishDate}</span>
        </li>
      ))}
    </ul>
  );
}

/** schema.org GovernmentService for a policy. */
export function policyLd(p: PolicyDetail): Record<string, unknown> {
  return {
    '@type': 'GovernmentService',
    name: p.title,
    description: p.summary,
    serviceType: p.kindLabel,
    url: absoluteUrl(contentHref.policy(p.id)),
    provider: { '@type': 'GovernmentOrganization', name: p.issuer },
    areaServed: { '@type': 'AdministrativeArea', name: p.regionName },
    audience: { '@type': 'BusinessAudience', name: p.industryNames.join('、') || '企业' },
    ...(p.subsidies.length
      ? {
          hasOfferCatalog: {
            '@type': 'OfferCatalog',
            name: '扶持项目',
            itemListElement: p.subsidies.map((s) => ({
              '@type': 'Offer',
              name: s.name,
              url: absoluteUrl(contentHref.subsidy(s.id)),
            })),
          },
        }
      : {}),
  };
}
