import { privatePageMetadata } from '@/components/workspace/CardPage';
import { CustomerList } from '@/components/customer/CustomerList';

export const metadata = privatePageMetadata('客户列表');

/** 客户列表 (spec 2.2 /customerManagement/customerList, issue 15): the enterprise's customers. */
export default function CustomerListPage() {
  return (
    <div className="ent-page">
      <section className="ent-card">
        <CustomerList />
      </section>
    </div>
  );
}
