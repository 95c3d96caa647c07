import { defineConfig, devices } from '@playwright/test';
import { e2eEnv } from './e2e/support/env';

/**
 * End-to-end tests in Debian's Chromium against a real server (embedded PostgreSQL, small demo
 * seed) started for the run in a fresh data directory. E2E_DEV=1 uses the dev server (no build).
 */
const env = e2eEnv();

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: env.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 860 } },
    },
  ],
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    url: `${env.baseURL}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: env.serverEnv,
    // SIGTERM lets the server stop its embedded PostgreSQL; the default SIGKILL orphans it.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
