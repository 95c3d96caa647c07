import { PublicHeader } from '@/components/layout/PublicHeader';

export type LegalText = {
  title: string;
  updated: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
};

export function LegalDocument({ document }: { document: LegalText }) {
  return (
    <>
      <PublicHeader />
      <main
        style={{
          maxWidth: 860,
          margin: '24px auto',
          background: '#fff',
          padding: '32px 40px',
          borderRadius: 8,
          lineHeight: 1.8,
        }}
      >
        <h1 style={{ fontSize: 26 }}>{document.title}</h1>
        <p style={{ color: 'rgba(0,0,0,0.55)' }}>更新日期：{document.updated}</p>
        {document.sections.map((s) => (
          <section key={s.heading}>
            <h2 style={{ fontSize: 18, marginTop: 24 }}>{s.heading}</h2>
            {s.paragraphs.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
          </section>
        ))}
      </main>
    </>
  );
}
