import fs from 'node:fs';
import path from 'node:path';

/**
 * The project files a source file loads at run time, followed through its imports (type-only
 * imports are left out: the bundler drops them). Used to keep what `proxy.ts` loads small: the
 * proxy runs on every request, and before ADR 0175 it bundled most of the server through the
 * modules' front doors.
 */
const SPEC = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

function resolveSpecifier(root: string, fromFile: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(root, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(fromFile), spec);
  else return null; // a package
  if (fs.existsSync(base) && fs.statSync(base).isFile()) return base;
  for (const ext of EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext;
  return null;
}

/** Every project file reached from `entry` (absolute paths, the entry included). */
export function runtimeReach(root: string, entry: string): string[] {
  const seen = new Set<string>();
  const queue = [path.resolve(root, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(SPEC)) {
      const target = resolveSpecifier(root, file, m[1] ?? '');
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen].map((f) => path.relative(root, f)).sort();
}
