import { Suspense } from 'react';
import type { Metadata } from 'next';
import { AddWeixinTaskDetail } from '@/components/ai/AddWeixinTaskDetail';
import '@/components/ai/ai.css';

export const metadata: Metadata = {
  title: '加微任务详情',
  robots: { index: false, follow: false },
};

/** One add-contact task (issue 33): /ai/addWeixinTask?taskId&messageId. */
export default function AddWeixinTaskPage() {
  return (
    <div className="ent-page">
      <Suspense>
        <AddWeixinTaskDetail />
      </Suspense>
    </div>
  );
}
