import { Suspense } from 'react';
import type { Metadata } from 'next';
import { AiAssistant } from '@/components/ai/AiAssistant';
import '@/components/search/search.css';
import '@/components/ai/ai.css';

export const metadata: Metadata = { title: 'AI 助手', robots: { index: false, follow: false } };

/** AI 助手 (spec 2.2 /ai, 2.8, issue 16): tasks, a conversation per task and the send box. */
export default function AiPage() {
  return (
    <Suspense>
      <AiAssistant />
    </Suspense>
  );
}
