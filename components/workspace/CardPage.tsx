import type { Metadata } from 'next';
import type { ReactNode } from 'react';

/** Metadata of a signed-in page: its tab title, kept out of search engines. */
export function privatePageMetadata(title: string): Metadata {
  return { title, robots: { index: false, follow: false } };
}

/** A workspace page that is one card under its title (下载中心, 消息中心, 代码组 …). */
export function CardPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="ent-page">
      <section className="ent-card">
        <h1 className="ent-page-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}
