import type { Metadata } from 'next';
import { HealthTopicPage, healthTopicMetadata } from '@/components/content/HealthPages';
import '@/components/enterprise/enterprise.css';
import '@/components/content/content.css';

export const dynamic = 'force-dynamic';

type Params = Promise<{ topic: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return healthTopicMetadata((await params).topic);
}

/** One health-sector topic (spec 2.1): its news, reports and policies. */
export default async function HealthTopicRoute({ params }: { params: Params }) {
  return <HealthTopicPage slug={(await params).topic} />;
}
