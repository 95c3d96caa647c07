import { privatePageMetadata } from '@/components/workspace/CardPage';
import { OptOutList } from '@/components/ai/OptOutList';

export const metadata = privatePageMetadata('不再联系');

/** 不再联系 (issue 33): numbers no add-contact task of the tenant contacts. */
export default function OptOutPage() {
  return (
    <div className="ent-page">
      <OptOutList />
    </div>
  );
}
