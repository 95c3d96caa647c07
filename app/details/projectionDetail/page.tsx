import type { Metadata } from 'next';
import { ProjectPage, projectMetadata } from '@/components/finance/FinancePages';
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
  return projectMetadata(await searchParams);
}

/** 融资项目 (spec 2.1 /details/projectionDetail, issue 32 item 2): one financed company. */
export default async function ProjectionDetailRoute({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  return <ProjectPage sp={await searchParams} />;
}
