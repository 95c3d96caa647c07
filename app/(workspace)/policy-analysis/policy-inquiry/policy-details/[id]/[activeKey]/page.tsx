import type { Metadata } from 'next';
import { PolicyAnalysis, policyAnalysisMetadata } from '@/components/content/PolicyAnalysis';

export const dynamic = 'force-dynamic';

type Params = Promise<{ id: string; activeKey: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id, activeKey } = await params;
  return policyAnalysisMetadata(id, activeKey);
}

/** Spec 2.2: …/policy-details/{id}/{activeKey}: one tab (原文, 解读, 申报条件, 匹配企业). */
export default async function PolicyAnalysisTabPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const { id, activeKey } = await params;
  return <PolicyAnalysis id={id} activeKey={activeKey} searchParams={await searchParams} />;
}
