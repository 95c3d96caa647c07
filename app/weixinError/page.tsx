import type { Metadata } from 'next';
import { BrowserErrorPage } from '@/components/auth/BrowserErrorPage';

export const metadata: Metadata = { title: '请使用其他浏览器访问', robots: { index: false } };

/** Spec 1 / section 8: the WeChat in-app browser is not supported. */
export default function WeixinErrorPage() {
  return (
    <BrowserErrorPage
      title="暂不支持微信浏览器访问，请到其他浏览器进行访问"
      text="请点击右上角「···」，选择「在浏览器打开」，或复制链接到 Chrome、Edge、Safari 等浏览器中访问。"
    />
  );
}
