import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import { AntdRegistry } from '@ant-design/nextjs-registry';
import { AppProviders } from '@/components/providers/AppProviders';
import { DemoBanner } from '@/components/layout/DemoBanner';
import { CspClientConfig } from './csp-client-config';
import { config } from '@/lib/server/config';
import { PRODUCT_NAME, PRODUCT_SUFFIX } from '@/lib/shared/brand';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(config.siteUrl),
  title: { default: `${PRODUCT_NAME} - 企业查询与智能拓客平台`, template: `%s${PRODUCT_SUFFIX}` },
  description:
    '拓客雷达：企业信息查询、高级搜索、联系方式解锁、线索管理与 AI 智能拓客，帮助销售团队找到并筛选目标客户。',
  applicationName: PRODUCT_NAME,
  formatDetection: { telephone: false },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1677ff' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request: its scripts carry the nonce of the request's CSP (proxy.ts),
  // which a page prerendered at build time could not.
  await connection();
  return (
    <html lang="zh-CN">
      <body>
        <CspClientConfig />
        <AntdRegistry>
          <AppProviders>
            {config.demoMode ? <DemoBanner /> : null}
            {children}
          </AppProviders>
        </AntdRegistry>
      </body>
    </html>
  );
}
