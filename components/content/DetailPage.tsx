import type { ReactNode } from 'react';
import { PublicHeader } from '@/components/layout/PublicHeader';
import { Breadcrumbs, JsonLd, breadcrumbLd } from './ContentBits';
import { CompareDock } from './CompareDock';
import { DemoNote } from './DemoNote';

/**
 * The frame of one public content item (policy, subsidy, report, news, health topic): header,
 * structured data (the item's, then its breadcrumbs), breadcrumbs, the demo-data note, the body.
 */
export function ContentDetailPage({
  ld,
  crumbs,
  demo,
  compareDock = false,
  children,
}: {
  /** The item's schema.org data. */
  ld: Record<string, unknown>;
  crumbs: { label: string; href?: string }[];
  demo: boolean;
  compareDock?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <PublicHeader />
      <JsonLd data={[ld, breadcrumbLd(crumbs)]} />
      <main className="ent-page">
        <Breadcrumbs items={crumbs} />
        <DemoNote show={demo} />
        {children}
      </main>
      {compareDock ? <CompareDock /> : null}
    </>
  );
}
