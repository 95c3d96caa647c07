import { marked } from 'marked';

/** Markdown → HTML (GitHub flavour); the result is sanitised by the caller like any imported HTML. */
export function renderMarkdown(md: string): string {
  return marked.parse(md, { async: false, gfm: true }) as string;
}
