import { REPORT_SECTIONS } from '@/lib/shared/enterprise-report/report.types';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { getEdition } from '@/lib/shared/vip/editions';

/** /enterpriseReport for a visitor (open, spec 2.1): what a report holds, and 登录 to make one. */
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
      <SignInRequired
        text={`登录后即可生成企业报告，免费版每月可生成 ${getEdition(0).monthlyReportQuota} 份`}
      />
    </section>
  );
}
