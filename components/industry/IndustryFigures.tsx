import { companyCanonicalPath } from '@/lib/shared/enterprise/urls';
import { getChildren, getProvinces, getRegion } from '@/lib/shared/geo';
import {
  getIndustryChildren,
  getSections,
  INDUSTRY_CHAINS,
  industryPath,
} from '@/lib/shared/industry';
import type {
  IndustryMapLeader,
  IndustryMapStats,
  IndustryMapSubject,
} from '@/lib/shared/industry/industry-map';
import './industry-map.css';

/**
 * The figures of an industry as server-rendered HTML (产业地图, 行业洞察): tables with bars, the
 * leaders, and the picker of sections, divisions, groups and chains. Plain markup: the pages read
 * without JavaScript.
 */

function wan(n: number | null): string {
  if (n === null) return '-';
  return `${n.toLocaleString('zh-CN', { maximumFractionDigits: 2 })}万`;
}

/** A row of figures with a bar whose length is the figure's share of the largest. */
export function BarTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string;
  rows: readonly { key: string; label: string; count: number }[];
}) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  return (
    <table className="imap-bars">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col">企业数</th>
          <th scope="col">占比</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.label}</th>
            <td>
              <span className="imap-bar" style={{ width: `${(r.count / max) * 100}%` }} />
              <span className="imap-num">{r.count.toLocaleString('zh-CN')}</span>
            </td>
            <td>{total ? `${((r.count / total) * 100).toFixed(1)}%` : '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Establishment years as rows (更早 first). */
export function yearRows(stats: IndustryMapStats) {
  return stats.years.map((y) => ({
    key: String(y.year ?? 'earlier'),
    label: y.year === null ? '更早' : `${y.year}年`,
    count: y.count,
  }));
}

export function LeaderTable({ leaders }: { leaders: readonly IndustryMapLeader[] }) {
  if (leaders.length === 0) return <p className="mgc-empty">该地区暂无此产业的企业。</p>;
  return (
    <table className="mgc-table">
      <thead>
        <tr>
          <th scope="col">企业名称</th>
          <th scope="col">地区</th>
          <th scope="col">注册资本</th>
          <th scope="col">成立日期</th>
        </tr>
      </thead>
      <tbody>
        {leaders.map((c) => (
          <tr key={c.id}>
            <td data-label="企业名称">
              <a href={companyCanonicalPath(c.uncid)}>{c.name}</a>
            </td>
            <td data-label="地区">{c.region || '-'}</td>
            <td data-label="注册资本">{wan(c.regCapital)}</td>
            <td data-label="成立日期">{c.establishDate ?? '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Sections, then the chosen section's divisions and the chosen division's groups; chains. */
export function IndustryPicker({
  subject,
  hrefOf,
}: {
  subject: IndustryMapSubject;
  /** The page of a subject key ('C', '65', '651', 'CY001'). */
  hrefOf: (key: string) => string;
}) {
  const chosen = subject.kind === 'industry' ? subject.industry.code : '';
  // Section → division → group of the chosen industry.
  const [sectionCode = '', division = ''] = industryPath(chosen).map((x) => x.code);
  const link = (key: string, label: string, active: boolean) => (
    <a
      key={key}
      href={hrefOf(key)}
      className={active ? 'sr-opt is-active' : 'sr-opt'}
      aria-current={active ? 'page' : undefined}
    >
      {label}
    </a>
  );
  const row = (label: string, links: React.ReactNode[]) => (
    <div className="sr-frow">
      <span className="sr-flabel">{label}</span>
      <div className="sr-fopts">{links}</div>
    </div>
  );
  return (
    <section className="ent-card sr-filters imap-picker" aria-label="选择产业">
      {row(
        '行业门类',
        getSections().map((x) => link(x.code, x.name, x.code === sectionCode)),
      )}
      {sectionCode
        ? row(
            '行业大类',
            getIndustryChildren(sectionCode).map((x) => link(x.code, x.name, x.code === division)),
          )
        : null}
      {division
        ? row(
            '行业中类',
            getIndustryChildren(division).map((x) => link(x.code, x.name, x.code === chosen)),
          )
        : null}
      {row(
        '产业链',
        INDUSTRY_CHAINS.map((c) =>
          link(c.code, c.name, subject.kind === 'chain' && subject.key === c.code),
        ),
      )}
    </section>
  );
}

/**
 * The picker of a target region (产业招商): provinces, then the chosen province's cities; the
 * same plain links as the industry picker.
 */
export function RegionPicker({
  region,
  hrefOf,
}: {
  /** A province or city code. */
  region: string;
  hrefOf: (code: string) => string;
}) {
  const chosen = getRegion(region);
  const province = chosen?.level === 2 ? (chosen.parentCode ?? '') : region;
  const link = (code: string, label: string, active: boolean) => (
    <a
      key={code}
      href={hrefOf(code)}
      className={active ? 'sr-opt is-active' : 'sr-opt'}
      aria-current={active ? 'page' : undefined}
    >
      {label}
    </a>
  );
  return (
    <section className="ent-card sr-filters imap-picker" aria-label="选择目标地区">
      <div className="sr-frow">
        <span className="sr-flabel">目标省份</span>
        <div className="sr-fopts">
          {getProvinces().map((p) => link(p.code, p.name, p.code === province))}
        </div>
      </div>
      <div className="sr-frow">
        <span className="sr-flabel">目标城市</span>
        <div className="sr-fopts">
          {link(province, '全省', region === province)}
          {getChildren(province).map((c) => link(c.code, c.name, c.code === region))}
        </div>
      </div>
    </section>
  );
}
