import type { Metadata } from 'next';
import { ConsoleGate } from '@/components/console/ConsoleGate';
import { AiEmployeeConfigEditor } from '@/components/console/AiEmployeeConfigEditor';
import { CONSOLE_PERMISSIONS } from '@/lib/shared/console/console.contract';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: '数字员工配置',
  robots: { index: false, follow: false },
};

/** 数字员工配置: the AI employee's configuration document (operator's console, issue 34 item 3); the server checks the permission and audits each save. */
export default function Page() {
  return (
    <div className="ent-page">
      <ConsoleGate title="数字员工配置" permission={CONSOLE_PERMISSIONS.aiEmployeeConfig}>
        <AiEmployeeConfigEditor />
      </ConsoleGate>
    </div>
  );
}
