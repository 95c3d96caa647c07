import { execFileSync } from 'node:child_process';

/**
 * The text of a PDF, page by page, read by Mozilla's pdf.js (pdfjs-dist). pdf.js ships as ES
 * modules only, which Jest on Node 20 cannot import, so a short Node process reads the PDF from
 * stdin and prints its pages as JSON.
 */
const SCRIPT = `
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
const pages = [];
for (let i = 1; i <= pdf.numPages; i++) {
  const content = await (await pdf.getPage(i)).getTextContent();
  pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
}
process.stdout.write(JSON.stringify(pages));
`;

export function pdfPages(pdf: Buffer): string[] {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
    input: pdf,
    cwd: process.cwd(),
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString('utf8')) as string[];
}

export function pdfText(pdf: Buffer): string {
  return pdfPages(pdf).join('\n');
}
