#!/usr/bin/env node
// `npm start`: builds the production bundle when sources changed since the last build, then runs
// server.ts in production mode (embedded PostgreSQL and demo data unless configured otherwise).
import { execSync, spawn } from 'node:child_process';
import path from 'node:path';

execSync('node scripts/build-if-needed.mjs', { stdio: 'inherit' });

const child = spawn(
  process.execPath,
  [path.resolve('node_modules/tsx/dist/cli.mjs'), 'server.ts'],
  {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  },
);
// Pass signals on so the server shuts down gracefully; exit with its code.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
