#!/usr/bin/env node
// Runs `next build` when no build exists or a source file is newer than the last build.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const distDir = process.env.NEXT_DIST_DIR || '.next';
const buildId = path.join(root, distDir, 'BUILD_ID');
const watched = [
  'app',
  'components',
  'lib',
  'db/schema',
  'public',
  'next.config.ts',
  'package.json',
  'proxy.ts',
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p))
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
const sourcesAt = Math.max(...watched.map((w) => newestMtime(path.join(root, w))));
if (!builtAt || sourcesAt > builtAt || process.env.FORCE_BUILD === '1') {
  console.log('[leadradar] 正在构建生产版本（next build）…');
  execSync('npx next build', {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
}
