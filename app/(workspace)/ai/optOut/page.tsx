import type { Metadata } from 'next';
import { OptOutList } from '@/components/ai/OptOutList';

export const metadata: Metadata = { title: '不再联系', robots: { index: false, follow: false } };

/** 不再联系 (issue 33): numbers no add-contact task of the tenant contacts. */
export default function OptOutPage() {
  return (
    <div className="ent-page">
      <OptOutList />
    </div>
  );
}
