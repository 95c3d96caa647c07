import { privatePageMetadata } from '@/components/workspace/CardPage';
import { ConsoleGate } from '@/components/console/ConsoleGate';
import { AuditLogConsole } from '@/components/console/AuditLogConsole';
import { CONSOLE_PERMISSIONS } from '@/lib/shared/console/console.contract';

export const dynamic = 'force-dynamic';

export const metadata = privatePageMetadata('审计日志');

/** 审计日志: who changed what, when and from where (operator's console, issue 29 item 5); the server checks every call's permission. */
export default function Page() {
  return (
    <div className="ent-page">
      <ConsoleGate title="审计日志" permission={CONSOLE_PERMISSIONS.auditQuery}>
        <AuditLogConsole />
      </ConsoleGate>
    </div>
  );
}
