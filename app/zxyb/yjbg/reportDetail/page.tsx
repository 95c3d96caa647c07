import type { Metadata } from 'next';
import { ReportDetailPage, reportDetailMetadata } from '@/components/content/ReportPages';
import '@/components/enterprise/enterprise.css';
import '@/components/content/content.css';

export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  return reportDetailMetadata(await searchParams);
}

export default async function ReportDetailRoute({ searchParams }: { searchParams: SearchParams }) {
  return <ReportDetailPage kind="yjbg" raw={await searchParams} />;
}
