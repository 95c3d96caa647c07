import type { Metadata } from 'next';
import { PhoneScanPage } from '@/components/auth/PhoneScanPage';

export const metadata: Metadata = { title: '扫码确认', robots: { index: false } };

/** The demo QR target (/PhonePage?ticket=…), opened on a phone instead of WeChat. */
export default async function PhonePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const q = await searchParams;
  return <PhoneScanPage ticket={typeof q.ticket === 'string' ? q.ticket : ''} />;
}
