/**
 * Colours of enterprise tags and statuses. Spec 9 fixes the tag palette: blue, green, gold, red,
 * orange; each tag keeps one colour everywhere (list, detail header, advanced search).
 */
export type TagColor = 'blue' | 'green' | 'gold' | 'red' | 'orange';

const PALETTE: readonly TagColor[] = ['blue', 'green', 'gold', 'red', 'orange'];

const KNOWN: Record<string, TagColor> = {
  上市: 'red',
  小巨人: 'orange',
  专精特新: 'gold',
  高新技术企业: 'blue',
  瞪羚: 'green',
  科技型中小企业: 'blue',
};

/** Known tags have a fixed colour; other tags get a stable colour from their text. */
export function tagColor(tag: string): TagColor {
  const known = KNOWN[tag];
  if (known) return known;
  let h = 0;
  for (const ch of tag) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

/** Registration status: operating companies green, closed ones red, the rest orange. */
export function statusColor(status: string): 'green' | 'red' | 'orange' | 'default' {
  if (status === '存续' || status === '在业') return 'green';
  if (status === '注销' || status === '吊销') return 'red';
  if (status) return 'orange';
  return 'default';
}
