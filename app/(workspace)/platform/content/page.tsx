import { privatePageMetadata } from '@/components/workspace/CardPage';
import { ConsoleGate } from '@/components/console/ConsoleGate';
import { ContentImport } from '@/components/console/ContentImport';
import { CONSOLE_PERMISSIONS } from '@/lib/shared/console/console.contract';

export const dynamic = 'force-dynamic';

export const metadata = privatePageMetadata('内容导入');

/** 内容导入: the content import with its job's progress and rejected items (operator's console, issue 29 item 5); the server checks every call's permission. */
export default function Page() {
  return (
    <div className="ent-page">
      <ConsoleGate title="内容导入" permission={CONSOLE_PERMISSIONS.contentImport}>
        <ContentImport />
      </ConsoleGate>
    </div>
  );
}
