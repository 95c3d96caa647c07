// Starts a fresh server for the e2e run: empty DATA_DIR, demo seed, production build unless E2E_DEV=1.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set by playwright.config.ts');
fs.rmSync(dataDir, { recursive: true, force: true });

const dev = process.env.E2E_DEV === '1';
if (!dev) execSync('node scripts/build-if-needed.mjs', { stdio: 'inherit' });

const child = spawn(
  process.execPath,
  [path.resolve('node_modules/tsx/dist/cli.mjs'), 'server.ts'],
  {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: dev ? 'development' : 'production' },
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
