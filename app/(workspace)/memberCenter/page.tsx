import { CardPage, privatePageMetadata } from '@/components/workspace/CardPage';
import { MemberCenter } from '@/components/vip/MemberCenter';

export const metadata = privatePageMetadata('会员中心');

export default function MemberCenterPage() {
  return (
    <CardPage title="会员中心">
      <MemberCenter />
    </CardPage>
  );
}
