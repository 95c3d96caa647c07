import { privatePageMetadata } from '@/components/workspace/CardPage';
import { Suspense } from 'react';
import { AiAssistant } from '@/components/ai/AiAssistant';
import { loadEmployeeConfig } from '@/lib/server/ai';
import '@/components/search/search.css';
import '@/components/ai/ai.css';

// The greetings come from the AI employee's configuration document (no build to change them).
export const dynamic = 'force-dynamic';

export const metadata = privatePageMetadata('AI 助手');

/** AI 助手 (spec 2.2 /ai, 2.8, issue 16): tasks, a conversation per task and the send box. */
export default async function AiPage() {
  const { config } = await loadEmployeeConfig();
  return (
    <Suspense>
      <AiAssistant greetings={{ greeting: config.greeting, welcomeBack: config.welcomeBack }} />
    </Suspense>
  );
}
