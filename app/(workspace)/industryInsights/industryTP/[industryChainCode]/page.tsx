import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ChainScreen } from '@/components/industry/ChainScreen';
import { getChainGraph } from '@/lib/server/content';
import { chainCodeSchema } from '@/lib/shared/industry/chain-graph';
import '@/components/content/content.css';
import '@/components/industry/industry.css';

type Params = Promise<{ industryChainCode: string }>;

const loadGraph = cache((code: string) =>
  chainCodeSchema.safeParse(code).success ? getChainGraph(code) : Promise.resolve(null),
);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const graph = await loadGraph((await params).industryChainCode);
  return {
    title: graph ? `${graph.name}产业链图谱` : '产业链不存在',
    robots: { index: false, follow: false },
  };
}

/** 产业链图谱 (issue 31 item 2): the chain's stages and nodes with counts; unknown codes are 404. */
export default async function IndustryChainPage({ params }: { params: Params }) {
  const graph = await loadGraph((await params).industryChainCode);
  if (!graph) notFound();
  return <ChainScreen graph={graph} />;
}
