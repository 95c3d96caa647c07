import { privatePageMetadata } from '@/components/workspace/CardPage';
import { ConsoleGate } from '@/components/console/ConsoleGate';
import { OrderConsole } from '@/components/console/OrderConsole';
import { CONSOLE_PERMISSIONS } from '@/lib/shared/console/console.contract';

export const dynamic = 'force-dynamic';

export const metadata = privatePageMetadata('订单与支付');

/** 订单与支付: every tenant's orders, detail and refund marking (operator's console, issue 29 item 5); the server checks every call's permission. */
export default function Page() {
  return (
    <div className="ent-page">
      <ConsoleGate title="订单与支付" permission={CONSOLE_PERMISSIONS.orderQuery}>
        <OrderConsole />
      </ConsoleGate>
    </div>
  );
}
