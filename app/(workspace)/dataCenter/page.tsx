import { privatePageMetadata } from '@/components/workspace/CardPage';
import { DataCenter } from '@/components/data-center/DataCenter';

export const metadata = privatePageMetadata('数据中心');

/**
 * 数据中心 (/dataCenter, issue 29 item 3): the tenant's data assets within the member's data scope,
 * their trend, the imports and exports, and data quality with the action that fixes each finding
 * (merge duplicate leads, complete contacts, assign an owner).
 */
export default function DataCenterPage() {
  return (
    <div className="ent-page">
      <section className="ent-card">
        <DataCenter />
      </section>
    </div>
  );
}
