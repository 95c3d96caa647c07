import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ReportDetail } from '@/components/enterprise-report/ReportDetail';
import '@/components/enterprise-report/report.css';

export const metadata: Metadata = {
  title: '企业报告详情',
  robots: { index: false, follow: false },
};

/** One generated report as a web page (issue 32 item 3); its PDF is a click away. */
export default async function ReportDetailPage({
  searchParams,
}: {
  searchParams: Promise<{ id?: string }>;
}) {
  const id = Number((await searchParams).id);
  if (!Number.isInteger(id) || id <= 0) notFound();
  return (
    <div className="ent-page">
      <section className="ent-card rpt-detail">
        <ReportDetail id={id} />
      </section>
    </div>
  );
}
