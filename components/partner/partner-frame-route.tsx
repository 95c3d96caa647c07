import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { partnerPageAt } from '@/lib/server/identity';
import type { PartnerSection } from '@/lib/shared/partner/partner-settings';
import { PartnerFrame } from './PartnerFrame';

type Params = Promise<{ src: string }>;

/**
 * The page module of one partner section (/common/{src}, /factoryAndBuilding/{src},
 * /industryAnalysis/{src}): the configured partner page in a frame, an unknown src a 404.
 */
export function partnerFrameRoute(section: PartnerSection) {
  async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
    const view = partnerPageAt(section, (await params).src);
    return { title: view?.title ?? '页面不存在', robots: { index: false, follow: false } };
  }
  async function PartnerFramePage({ params }: { params: Params }) {
    const view = partnerPageAt(section, (await params).src);
    if (!view) notFound();
    return <PartnerFrame {...view} />;
  }
  return { generateMetadata, PartnerFramePage };
}
