/**
 * Shared body of the 403/404/500 and error pages; server-rendered, works without JavaScript. A
 * plain link home: app/error.tsx is part of every page's client code, next/link would be too.
 */
export function StatusPage({
  code,
  title,
  text,
  action,
}: {
  code: string;
  title: string;
  text: string;
  action?: React.ReactNode;
}) {
  return (
    <main style={{ minHeight: '70vh', display: 'grid', placeItems: 'center', padding: 24 }}>
      <div style={{ textAlign: 'center', maxWidth: 480 }}>
        <div style={{ fontSize: 72, fontWeight: 700, color: '#1677ff', lineHeight: 1 }}>{code}</div>
        <h1 style={{ fontSize: 22, margin: '16px 0 8px' }}>{title}</h1>
        <p style={{ color: 'rgba(0,0,0,0.65)', margin: '0 0 24px' }}>{text}</p>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        {action ?? <a href="/">返回首页</a>}
      </div>
    </main>
  );
}
