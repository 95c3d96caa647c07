import type { PolicySummary } from '@/lib/shared/content/content.contract';
import { CompareButton } from './CompareButton';
import { contentHref, money, policyCompareEntry, statusTagClass } from './content-format';

/** One policy of a list: title link, tags, issuer and dates, excerpt, 加入对比. */
export function PolicyListItem({ policy: p }: { policy: PolicySummary }) {
  const href = contentHref.policy(p.id);
  return (
    <li className="ct-item" data-testid="policy-item">
      <h2 className="ct-item-title">
        <a href={href}>{p.title}</a>
      </h2>
      <p className="ent-tags">
        <span className="ptag ptag-blue">{p.levelLabel}</span>
        <span className="ptag">{p.kindLabel}</span>
        {p.status ? <span className={statusTagClass(p.status)}>{p.statusLabel}</span> : null}
        {p.maxAmountFen ? (
          <span className="ptag ptag-orange">最高 {money(p.maxAmountFen)}</span>
        ) : null}
      </p>
      <p className="ent-muted">
        {p.issuer} · {p.regionName} · 发布于 <time dateTime={p.publishDate}>{p.publishDate}</time>
        {p.docNo ? ` · ${p.docNo}` : ''}
        {p.applyEnd ? ` · 申报截止 ${p.applyEnd}` : ''}
      </p>
      {p.summary ? <p className="ct-item-summary">{p.summary}</p> : null}
      <div className="ct-head-actions">
        <CompareButton entry={policyCompareEntry(p)} />
      </div>
    </li>
  );
}
