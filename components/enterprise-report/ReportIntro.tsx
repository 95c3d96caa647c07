import { REPORT_CENTER_PATH } from '@/lib/shared/enterprise-report/current-report';
import { REPORT_SECTIONS } from '@/lib/shared/enterprise-report/report.types';
import { getEdition } from '@/lib/shared/vip/editions';

/**
 * /enterpriseReport for a visitor (open, spec 2.1): what a report holds, and 登录/注册, which opens
 * the login modal the way the route guard does (?redirect=) and comes back here signed in. Plain
 * HTML: the visitor's page carries no antd.
 */
export function ReportIntro() {
  return (
    <section className="ent-card">
      <p className="rpt-intro">
        选择企业和报告模板，一键生成企业报告：网页版在线查看，PDF 可下载存档。报告可包含以下章节：
      </p>
      <ul className="rpt-intro-list">
        {REPORT_SECTIONS.map((s) => (
          <li key={s.key}>
            <strong>{s.title}</strong>：{s.hint}
          </li>
        ))}
      </ul>
      <p className="rpt-intro">
        登录后即可生成企业报告，免费版每月可生成 {getEdition(0).monthlyReportQuota} 份。
      </p>
      <a
        className="pub-btn pub-btn-primary"
        href={`/?${new URLSearchParams({ redirect: REPORT_CENTER_PATH })}`}
        data-testid="report-sign-in"
      >
        登录/注册
      </a>
    </section>
  );
}
