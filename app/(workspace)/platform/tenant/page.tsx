import { privatePageMetadata } from '@/components/workspace/CardPage';
import { ConsoleGate } from '@/components/console/ConsoleGate';
import { TenantConsole } from '@/components/console/TenantConsole';
import { CONSOLE_PERMISSIONS } from '@/lib/shared/console/console.contract';

export const dynamic = 'force-dynamic';

export const metadata = privatePageMetadata('租户管理');

/** 租户管理: tenants with edition, expiry, quota, members and status (operator's console, issue 29 item 5); the server checks every call's permission. */
export default function Page() {
  return (
    <div className="ent-page">
      <ConsoleGate title="租户管理" permission={CONSOLE_PERMISSIONS.tenantQuery}>
        <TenantConsole />
      </ConsoleGate>
    </div>
  );
}
