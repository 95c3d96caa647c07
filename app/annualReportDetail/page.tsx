import type { Metadata } from 'next';
import {
  AnnualReportPage,
  annualReportMetadata,
} from '@/components/enterprise/annual/AnnualReportPage';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';
import '@/components/content/content.css';
import '@/components/industry/industry.css';
import '@/components/finance/finance.css';

export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({
  searchParams,
}: {
  searchParams: SearchParams;
}): Promise<Metadata> {
  return annualReportMetadata(await searchParams);
}

/** 年报详情 (spec 2.1 /annualReportDetail, issue 32 item 1): title "{entity} {year}年度报告". */
export default async function AnnualReportDetailRoute({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  return <AnnualReportPage sp={await searchParams} />;
}
