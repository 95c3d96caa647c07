import { Suspense } from 'react';
import type { Metadata } from 'next';
import { SearchReplyDetail } from '@/components/ai/SearchReplyDetail';
import '@/components/search/search.css';
import '@/components/ai/ai.css';

export const metadata: Metadata = {
  title: '智能搜索结果',
  robots: { index: false, follow: false },
};

/** One AI search reply in full (spec 2.2 /intelligenceSearchDetail?taskId&messageId). */
export default function IntelligenceSearchDetailPage() {
  return (
    <div className="ent-page sr-page-main">
      <Suspense>
        <SearchReplyDetail />
      </Suspense>
    </div>
  );
}
