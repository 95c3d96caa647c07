import type { Metadata } from 'next';
import { CustomerList } from '@/components/customer/CustomerList';

export const metadata: Metadata = { title: '客户列表', robots: { index: false, follow: false } };

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
