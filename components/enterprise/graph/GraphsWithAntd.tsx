'use client';

// zod runs jitless under the CSP (app/csp-client-config.tsx); this chunk brings zod along.
import '@/app/csp-client-config';
import { useEffect } from 'react';
import { ConfigProvider } from 'antd';
import { quietIcons } from '@/lib/client/icon-a11y';
import zhCN from 'antd/locale/zh_CN';
import { ACCESSIBLE_TOKENS } from '@/components/providers/antd-tokens';
import { FeedbackSlot } from '@/components/providers/feedback';
import { EnterpriseGraphs } from './EnterpriseGraphs';

/**
 * The graphs with the antd context they use, for the lean company page (no AppProviders there):
 * loaded only when the 企业图谱 tab is opened (LazyGraphs).
 */
export default function GraphsWithAntd({ entId }: { entId: number }) {
  // antd's icons name themselves in English: kept out of what screen readers read (issue 28).
  useEffect(quietIcons, []);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: ACCESSIBLE_TOKENS }}>
      <EnterpriseGraphs entId={entId} />
      <FeedbackSlot />
    </ConfigProvider>
  );
}
