import { CardPage, privatePageMetadata } from '@/components/workspace/CardPage';
import { InfoCenter } from '@/components/notify/InfoCenter';
import '@/components/notify/notify.css';

export const metadata = privatePageMetadata('消息中心');

export default function InfoCenterPage() {
  return (
    <CardPage title="消息中心">
      <InfoCenter />
    </CardPage>
  );
}
