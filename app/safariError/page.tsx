import type { Metadata } from 'next';
import { BrowserErrorPage } from '@/components/auth/BrowserErrorPage';

export const metadata: Metadata = { title: '请升级浏览器', robots: { index: false } };

/** Spec 1: the one desktop browser with its own error page (Safari older than 15). */
export default function SafariErrorPage() {
  return (
    <BrowserErrorPage
      title="当前 Safari 浏览器版本过低，暂不支持访问"
      text="请将 Safari 升级到 15 或更高版本，或使用 Chrome、Edge、Firefox 等浏览器访问。"
    />
  );
}
