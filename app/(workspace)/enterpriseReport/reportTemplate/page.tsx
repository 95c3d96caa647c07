import { privatePageMetadata } from '@/components/workspace/CardPage';
import { ReportTemplateEditor } from '@/components/enterprise-report/ReportTemplateEditor';
import '@/components/enterprise-report/report.css';

export const metadata = privatePageMetadata('报告模板');

/** 报告模板 (spec 2.2): a new template, or ?id= one of the member's own. */
export default async function ReportTemplatePage({
  searchParams,
}: {
  searchParams: Promise<{ id?: string }>;
}) {
  const raw = Number((await searchParams).id);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  return (
    <div className="ent-page">
      <section className="ent-card">
        <h1 className="ent-page-title">{id === null ? '新建报告模板' : '编辑报告模板'}</h1>
        <ReportTemplateEditor id={id} />
      </section>
    </div>
  );
}
