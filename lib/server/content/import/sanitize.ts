import sanitizeHtml from 'sanitize-html';

/**
 * Imported HTML is cleaned with sanitize-html before it is stored (the pages render it as is):
 * an allow-list of text tags, links only to http(s)/mailto or site paths, images only from
 * http(s) or the file storage; scripts, styles, iframes, forms, event handlers (on*), style
 * attributes and javascript:/data: URLs never survive.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'a',
    'img',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'pre',
    'code',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Script and style bodies go with their tags; other unknown tags keep their text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    // Page headings are the page's own h1; an imported h1 becomes a section heading.
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.href && /^(https?:|mailto:)/i.test(attribs.href.trim())
          ? { ...attribs, rel: 'nofollow noopener noreferrer', target: '_blank' }
          : attribs,
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};
OPTIONS.allowedAttributes = {
  ...(OPTIONS.allowedAttributes as Record<string, string[]>),
  a: ['href', 'title', 'rel', 'target'],
};

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const BLOCK_END = /<\/(p|h[1-6]|li|tr|blockquote|pre|figure|table|div)>|<br\s*\/?>/gi;

/** Plain text of (sanitised or raw) HTML: blocks on their own lines, entities decoded. */
export function htmlToText(html: string): string {
  const marked = html.replace(BLOCK_END, (m) => `${m}\n`);
  const text = sanitizeHtml(marked, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: OPTIONS.nonTextTags,
  });
  return decodeEntities(text)
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0\u3000]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

function decodeEntities(s: string): string {
  return s
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');
}
