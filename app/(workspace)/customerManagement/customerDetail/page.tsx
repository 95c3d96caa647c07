import { privatePageMetadata } from '@/components/workspace/CardPage';
import { CustomerDetail } from '@/components/customer/CustomerDetail';

export const metadata = privatePageMetadata('客户详情');

/**
 * 客户详情 (/customerManagement/customerDetail?id=, issue 15; hidden in the menu): the customer's
 * header, contacts, follow-ups (with the lead's history) and opportunities.
 */
export default async function CustomerDetailPage({
  searchParams,
}: {
  searchParams: Promise<{ id?: string | string[] }>;
}) {
  const { id } = await searchParams;
  const n = Number(Array.isArray(id) ? id[0] : id);
  return (
    <div className="ent-page">
      <CustomerDetail id={Number.isInteger(n) && n > 0 ? n : null} />
    </div>
  );
}
