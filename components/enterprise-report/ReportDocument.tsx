import {
  NOTE_LEVEL_TEXT,
  type ReportBlock,
  type ReportContent,
} from '@/lib/shared/enterprise-report/report.types';

/**
 * A report as a web page: the same blocks the PDF draws (report.types.ts), in plain elements, so
 * the page prints well and needs no script of its own.
 */
export function ReportDocument({ content }: { content: ReportContent }) {
  const generated = new Date(content.generatedAt).toLocaleString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    hour12: false,
  });
  return (
    <article className="rpt-doc" data-testid="report-document">
      <header className="rpt-doc-head">
        <h1 className="rpt-doc-title">{content.entName}</h1>
        <div className="rpt-doc-kind">企业报告 · {content.templateName}</div>
        <div className="rpt-doc-meta">
          统一社会信用代码：{content.uncid} · 生成时间：{generated}
        </div>
        <div className="rpt-doc-meta">{content.source}</div>
        <nav className="rpt-doc-toc" aria-label="报告目录">
          {content.sections.map((s, i) => (
            <a key={s.key} href={`#rpt-${s.key}`}>
              {i + 1}. {s.title}
            </a>
          ))}
        </nav>
      </header>
      {content.sections.map((s, i) => (
        <section key={s.key} id={`rpt-${s.key}`} className="rpt-doc-section">
          <h2 className="rpt-doc-h2">
            {i + 1}. {s.title}
          </h2>
          {s.blocks.map((b, j) => (
            <Block key={j} block={b} />
          ))}
        </section>
      ))}
    </article>
  );
}

function Block({ block }: { block: ReportBlock }) {
  switch (block.kind) {
    case 'fields':
      return (
        <dl className="rpt-fields">
          {block.items.map((f) => (
            <div key={f.label} className="rpt-field-row">
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      );
    case 'paragraph':
      return (
        <div className="rpt-para">
          {block.title ? <h3 className="rpt-doc-h3">{block.title}</h3> : null}
          <p>{block.text}</p>
        </div>
      );
    case 'table':
      return (
        <div className="rpt-table-wrap">
          <h3 className="rpt-doc-h3">
            {block.title}
            {block.total > block.rows.length ? (
              <span className="rpt-muted">
                （共 {block.total} 条，展示前 {block.rows.length} 条）
              </span>
            ) : null}
          </h3>
          {block.rows.length === 0 ? (
            <p className="rpt-empty">{block.empty}</p>
          ) : (
            <div className="rpt-scroll">
              <table className="rpt-table">
                <thead>
                  <tr>
                    {block.columns.map((c) => (
                      <th key={c} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {block.rows.map((r, i) => (
                    <tr key={i}>
                      {r.map((cell, j) => (
                        <td key={j}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      );
    case 'tree':
      return (
        <div className="rpt-tree">
          <h3 className="rpt-doc-h3">{block.title}</h3>
          {block.lines.length === 0 ? (
            <p className="rpt-empty">{block.empty}</p>
          ) : (
            <ul>
              {block.lines.map((l, i) => (
                <li key={i} style={{ paddingLeft: Math.min(l.depth, 6) * 20 }}>
                  {l.depth > 0 ? <span className="rpt-tree-branch">└ </span> : null}
                  {l.text}
                </li>
              ))}
            </ul>
          )}
        </div>
      );
    case 'notes':
      return (
        <div className="rpt-notes">
          <h3 className="rpt-doc-h3">{block.title}</h3>
          <ul>
            {block.items.map((n, i) => (
              <li key={i} className={`rpt-note rpt-note-${n.level}`}>
                <span className="rpt-note-level">{NOTE_LEVEL_TEXT[n.level]}</span>
                {n.text}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'empty':
      return <p className="rpt-empty">{block.text}</p>;
  }
}
