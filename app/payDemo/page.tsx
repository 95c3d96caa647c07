import type { Metadata } from 'next';
import { PayDemoConfirm } from './PayDemoConfirm';

export const metadata: Metadata = { title: '演示支付', robots: { index: false } };

/**
 * The demo payment QR's target (/payDemo?key=…), opened on a phone instead of a WeChat Pay or
 * Alipay app: it shows the order and 确认支付 pays it through the same once-only path as a real
 * payment notification. Only while the demo payment channel is in use.
 */
export default async function PayDemoPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const q = await searchParams;
  return <PayDemoConfirm qrcodeKey={typeof q.key === 'string' ? q.key : ''} />;
}
