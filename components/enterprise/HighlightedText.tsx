import { Fragment } from 'react';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const cp =
        e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/**
 * The search service returns names as escaped HTML whose only markup is <em> around matches.
 * Rather than trusting that string with innerHTML, split it on <em> and let React escape the text.
 */
export function HighlightedText({ html }: { html: string }) {
  const parts = html.split(/(<em>|<\/em>)/);
  let inside = false;
  const nodes: React.ReactNode[] = [];
  parts.forEach((part, i) => {
    if (part === '<em>') inside = true;
    else if (part === '</em>') inside = false;
    else if (part)
      nodes.push(
        inside ? (
          <em key={i} className="hl">
            {decodeEntities(part)}
          </em>
        ) : (
          <Fragment key={i}>{decodeEntities(part)}</Fragment>
        ),
      );
  });
  return <>{nodes}</>;
}
