import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * /companySearch is a public page visitors land on from search engines (issue 10): server-rendered
 * with small client islands. What its islands import at first load must stay free of antd, the
 * icon set, zod and the API contracts (each is tens of KB); those arrive with a dynamic import()
 * when a visitor acts (unlock, bulk export, login). This walks the page's static imports and
 * lists what the client modules ('use client' and all they import) pull in.
 */
const ROOT = path.resolve(__dirname, '../../..');
const PAGE = path.join(ROOT, 'app/companySearch/page.tsx');

const FORBIDDEN: { test: (spec: string, file: string | null) => boolean; why: string }[] = [
  { test: (s) => s === 'antd' || s.startsWith('antd/'), why: 'antd' },
  { test: (s) => s.startsWith('@ant-design/'), why: 'antd icons / registry' },
  { test: (s) => s === 'zod' || s.startsWith('zod/'), why: 'zod' },
  { test: (s) => s === 'next/link', why: 'next/link (plain anchors on the lean page)' },
  { test: (_s, f) => !!f && /\.contract\.tsx?$/.test(f), why: 'an API contract (zod)' },
  { test: (_s, f) => !!f && /lib\/client\/(request|session)/.test(f), why: 'the full client' },
];

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const f = base + ext;
    if (fs.existsSync(f) && fs.statSync(f).isFile()) return f;
  }
  throw new Error(`cannot resolve ${spec} from ${from}`);
}

/** Static, value-carrying imports and re-exports of a file (type-only and import() left out). */
function staticImports(file: string): { spec: string; client: boolean }[] {
  const text = fs.readFileSync(file, 'utf8');
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { spec: string; client: boolean }[] = [];
  for (const st of src.statements) {
    if (ts.isImportDeclaration(st)) {
      const clause = st.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
      out.push({ spec: (st.moduleSpecifier as ts.StringLiteral).text, client: false });
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && !st.isTypeOnly) {
      out.push({ spec: (st.moduleSpecifier as ts.StringLiteral).text, client: false });
    }
  }
  return out;
}

function isClientModule(file: string): boolean {
  return /^\s*(\/\/[^\n]*\n\s*)*['"]use client['"]/.test(fs.readFileSync(file, 'utf8'));
}

/** Every forbidden import reached from a client module: "importer → spec (why)". */
function clientFirstLoadViolations(entry: string): { violations: string[]; clientFiles: string[] } {
  const violations: string[] = [];
  const seen = new Map<string, boolean>();
  const clientFiles: string[] = [];
  const visit = (file: string, inClient: boolean) => {
    const client = inClient || isClientModule(file);
    if (seen.has(file) && (seen.get(file) || !client)) return;
    seen.set(file, client);
    if (client) clientFiles.push(path.relative(ROOT, file));
    for (const { spec } of staticImports(file)) {
      if (spec.endsWith('.css')) continue;
      const target = resolve(file, spec);
      if (client) {
        for (const rule of FORBIDDEN)
          if (rule.test(spec, target))
            violations.push(`${path.relative(ROOT, file)} → ${spec} (${rule.why})`);
      }
      if (target) visit(target, client);
    }
  };
  visit(entry, false);
  return { violations, clientFiles };
}

describe('/companySearch first load', () => {
  it('its client islands import no antd, zod, contracts or next/link', () => {
    const { violations, clientFiles } = clientFirstLoadViolations(PAGE);
    // The walk reaches the islands (so an empty list means something).
    expect(clientFiles).toEqual(
      expect.arrayContaining([
        'components/search/LeanSearchBox.tsx',
        'components/search/results/ResultRowActions.tsx',
        'components/search/results/SearchTableState.tsx',
        'components/layout/LoginEntry.tsx',
      ]),
    );
    expect(violations).toEqual([]);
  });

  it('the walk does see antd where a client module imports it', () => {
    // The workspace's search box is an antd island: the same walk flags it.
    const { violations } = clientFirstLoadViolations(
      path.join(ROOT, 'components/search/EnterpriseSearchBox.tsx'),
    );
    expect(violations.some((v) => v.includes('→ antd (antd)'))).toBe(true);
    expect(violations.some((v) => v.includes('search.contract'))).toBe(true);
  });
});
