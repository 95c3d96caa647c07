import type { Metadata } from 'next';
import { PolicyAnalysis, policyAnalysisMetadata } from '@/components/content/PolicyAnalysis';

export const dynamic = 'force-dynamic';

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return policyAnalysisMetadata((await params).id);
}

/** Spec 2.2: /policy-analysis/policy-inquiry/policy-details/{id}: the 原文 tab. */
export default async function PolicyAnalysisPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  return <PolicyAnalysis id={(await params).id} searchParams={await searchParams} />;
}
