import { CardPage, privatePageMetadata } from '@/components/workspace/CardPage';
import { DataManagement } from '@/components/code-group/DataManagement';

export const metadata = privatePageMetadata('数据管理');

/** 数据管理 (spec 2.2 /dataManagement, ADR 0180): export, bulk delete, recycle bin, retention. */
export default function DataManagementPage() {
  return (
    <CardPage title="数据管理">
      <DataManagement />
    </CardPage>
  );
}
