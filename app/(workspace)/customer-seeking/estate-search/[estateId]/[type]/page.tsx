import { privatePageMetadata } from '@/components/workspace/CardPage';
import { Alert } from 'antd';
import Link from 'next/link';
import { EstateSearch } from '@/components/map/estate/EstateSearch';
import { ESTATE_MESSAGES, isEstateType } from '@/lib/shared/park/estate-model';
import '@/components/map/map.css';

export const metadata = privatePageMetadata('楼宇企业');

/**
 * 楼宇企业 (/customer-seeking/estate-search/{estateId}/{type}, spec 2.2, issue 30 item 5): a park's
 * or building's outline, occupancy and companies; {type} is `all` or an industry section letter
 * (ADR 0201). A malformed address gets a clear message, never an error page.
 */
export default async function EstateSearchPage({
  params,
}: {
  params: Promise<{ estateId: string; type: string }>;
}) {
  const { estateId, type } = await params;
  const id = Number(estateId);
  const kind = decodeURIComponent(type);
  const problem =
    !/^\d{1,15}$/.test(estateId) || !(id > 0)
      ? ESTATE_MESSAGES.notFound
      : !isEstateType(kind)
        ? ESTATE_MESSAGES.typeUnknown
        : null;
  return (
    <div className="ent-page">
      <section className="ent-card">
        {problem ? (
          <Alert
            type="warning"
            showIcon
            message={problem}
            description={<Link href="/customer-seeking/search-on-map">去地图找客</Link>}
          />
        ) : (
          <EstateSearch estateId={id} type={kind} />
        )}
      </section>
    </div>
  );
}
