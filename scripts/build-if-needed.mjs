#!/usr/bin/env node
// Runs `next build` when no build exists or a source file is newer than the last build.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// `npm run test:e2e` builds before Playwright starts its web server, so a slow build on a busy
// machine cannot run into the web server's start timeout; E2E_DEV=1 runs the dev server instead.
if (process.argv.includes('--skip-in-e2e-dev') && process.env.E2E_DEV === '1') process.exit(0);

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
