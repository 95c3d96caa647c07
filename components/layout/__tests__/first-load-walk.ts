import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Walks a page's static imports and lists what its client modules ('use client' and all they
 * import) pull into the first load: lean public pages (issue 10) must stay free of antd, the icon
 * set, zod and the API contracts (each is tens of KB); those arrive with a dynamic import() when
 * someone acts (unlock, export, login, 退出登录, 邀请企业用户). Shared by the first-load tests.
 */
export const ROOT = path.resolve(__dirname, '../../..');

export type FirstLoadRule = { test: (spec: string, file: string | null) => boolean; why: string };

/** zod and the contracts that carry it: kept out of the workspace's first load too (ADR 0217). */
export const NO_ZOD: FirstLoadRule[] = [
  { test: (s) => s === 'zod' || s.startsWith('zod/'), why: 'zod' },
  { test: (_s, f) => !!f && /\.contract\.tsx?$/.test(f), why: 'an API contract (zod)' },
];

const FORBIDDEN: FirstLoadRule[] = [
  { test: (s) => s === 'antd' || s.startsWith('antd/'), why: 'antd' },
  { test: (s) => s.startsWith('@ant-design/'), why: 'antd icons / registry' },
  { test: (s) => s === 'zod' || s.startsWith('zod/'), why: 'zod' },
  { test: (s) => s === 'next/link', why: 'next/link (plain anchors on the lean page)' },
  { test: (_s, f) => !!f && /\.contract\.tsx?$/.test(f), why: 'an API contract (zod)' },
  {
    // The session store and request client (contracts, zod); the tiny sign-in flags are fine.
    test: (_s, f) =>
      !!f && /lib\/client\/(request|session)/.test(f) && !/session\/login-flags\.ts$/.test(f),
    why: 'the full client',
  },
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
function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
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
      out.push((st.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && !st.isTypeOnly) {
      out.push((st.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return out;
}

function isClientModule(file: string): boolean {
  return /^\s*(\/\/[^\n]*\n\s*)*['"]use client['"]/.test(fs.readFileSync(file, 'utf8'));
}

/** Every forbidden import reached from a client module: "importer → spec (why)". */
export function clientFirstLoadViolations(
  entry: string,
  forbidden: FirstLoadRule[] = FORBIDDEN,
): {
  violations: string[];
  clientFiles: string[];
} {
  const violations: string[] = [];
  const seen = new Map<string, boolean>();
  const clientFiles: string[] = [];
  const visit = (file: string, inClient: boolean) => {
    const client = inClient || isClientModule(file);
    if (seen.has(file) && (seen.get(file) || !client)) return;
    seen.set(file, client);
    if (client) clientFiles.push(path.relative(ROOT, file));
    for (const spec of staticImports(file)) {
      if (spec.endsWith('.css')) continue;
      const target = resolve(file, spec);
      if (client) {
        for (const rule of forbidden)
          if (rule.test(spec, target))
            violations.push(`${path.relative(ROOT, file)} → ${spec} (${rule.why})`);
      }
      if (target) visit(target, client);
    }
  };
  visit(entry, false);
  return { violations, clientFiles };
}
