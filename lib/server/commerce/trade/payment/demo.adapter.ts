import { config } from '@/lib/server/platform';
import { PaymentCallbackRejected, type PaymentAdapter } from './payment.adapter';

/** The demo confirmation page of this app (lib/shared/routes.ts /payDemo). */
export const DEMO_PAY_PATH = '/payDemo';

/**
 * Offline default (ARCHITECTURE: demo adapters): the QR opens this app's /payDemo?key=… page,
 * where the payer confirms and the order is paid through the same once-only path as a real
 * notification. It has no provider callback.
 */
export function createDemoPayAdapter(): PaymentAdapter {
  return {
    channel: 'demo',
    createQr: async (order) => ({
      qrContent: `${config.siteUrl}${DEMO_PAY_PATH}?key=${encodeURIComponent(order.qrcodeKey)}`,
    }),
    verifyCallback: async () => {
      throw new PaymentCallbackRejected('forged', '演示支付没有异步通知');
    },
    acknowledge: (accepted) => new Response(accepted ? 'success' : 'fail', { status: 200 }),
  };
}
