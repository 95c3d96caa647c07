import { CardPage, privatePageMetadata } from '@/components/workspace/CardPage';
import { DownloadCenter } from '@/components/jobs/DownloadCenter';
import '@/components/jobs/jobs.css';

export const metadata = privatePageMetadata('下载中心');

/** 下载中心 (spec 2.2 /downloadList): exports and import results of the signed-in member. */
export default function DownloadListPage() {
  return (
    <CardPage title="下载中心">
      <DownloadCenter />
    </CardPage>
  );
}
