import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import { DemoBanner } from '@/components/layout/DemoBanner';
import { config } from '@/lib/server/platform';
import { PRODUCT_NAME, TITLE_TEMPLATE } from '@/lib/shared/brand';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(config.siteUrl),
  title: { default: `${PRODUCT_NAME} - 企业查询与智能拓客平台`, template: TITLE_TEMPLATE },
  description:
    '拓客雷达：企业信息查询、高级搜索、联系方式解锁、线索管理与 AI 智能拓客，帮助销售团队找到并筛选目标客户。',
  applicationName: PRODUCT_NAME,
  formatDetection: { telephone: false },
  // An inline icon: no request for /favicon.ico (a 404 in every page's console otherwise).
  icons: {
    icon: `data:image/svg+xml,${encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0958d9"/><circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-width="3"/><circle cx="16" cy="16" r="3" fill="#fff"/></svg>',
    )}`,
  },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1677ff' };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request: its scripts carry the nonce of the request's CSP (proxy.ts),
  // which a page prerendered at build time could not.
  await connection();
  // Lean on purpose: public pages (home, company, agreements) are server-rendered with small
  // islands; antd and the providers come with the areas that need them (AppShell in the
  // workspace and invitation layouts) or on demand (PublicRuntime: login, user menu).
  return (
    <html lang="zh-CN">
      <body>
        {config.demoMode ? <DemoBanner /> : null}
        {children}
      </body>
    </html>
  );
}
