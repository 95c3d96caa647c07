import { PRODUCT_NAME } from '@/lib/shared/brand';

/** Body of /weixinError and /safariError: server-rendered, no script needed. */
export function BrowserErrorPage({ title, text }: { title: string; text: string }) {
  return (
    <main style={{ minHeight: '80vh', display: 'grid', placeItems: 'center', padding: 24 }}>
      <div style={{ textAlign: 'center', maxWidth: 420 }}>
        <div
          aria-hidden
          style={{
            width: 64,
            height: 64,
            margin: '0 auto',
            borderRadius: 16,
            background: '#1677ff',
            color: '#fff',
            display: 'grid',
            placeItems: 'center',
            fontSize: 30,
            fontWeight: 700,
          }}
        >
          雷
        </div>
        <h1 style={{ fontSize: 20, margin: '20px 0 8px', lineHeight: 1.5 }}>{title}</h1>
        <p style={{ color: 'rgba(0,0,0,0.65)', margin: 0, lineHeight: 1.7 }}>{text}</p>
        <p style={{ color: 'rgba(0,0,0,0.45)', marginTop: 24, fontSize: 13 }}>{PRODUCT_NAME}</p>
      </div>
    </main>
  );
}
