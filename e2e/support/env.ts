import os from 'node:os';
import path from 'node:path';

/** Ports and directories of the e2e server; overridable so parallel runs don't collide. */
export function e2eEnv() {
  const port = Number(process.env.E2E_PORT || 3100);
  const pgPort = Number(process.env.E2E_PG_PORT || 55100);
  const dataDir = process.env.E2E_DATA_DIR || path.join(os.tmpdir(), `leadradar-e2e-${port}`);
  const baseURL = `http://localhost:${port}`;
  return {
    port,
    baseURL,
    partnerOrigin: `http://localhost:${process.env.E2E_PARTNER_PORT || port + 10}`,
    databaseUrl: `postgres://postgres:postgres@127.0.0.1:${pgPort}/leadradar`,
    serverEnv: {
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      SITE_URL: baseURL,
      SEED_ENTERPRISES: process.env.E2E_SEED_ENTERPRISES || '3000',
      DEMO_MODE: '1',
      E2E_DEV: process.env.E2E_DEV || '',
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '',
      NEXT_TELEMETRY_DISABLED: '1',
      // Slow enough that a 50-lead batch collection is seen mid-way (batch-collect.spec).
      WYW_DEMO_LATENCY_MS: process.env.WYW_DEMO_LATENCY_MS || '4000',
      // The run's output shows the tests; the server's warnings and errors stay in it.
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      // A base layer on a host that does not exist; the tests' contexts answer its tiles
      // (e2e/support/map-tiles.ts).
      MAP_TILE_URL: 'https://t{s}.tiles.e2e.test/{z}/{x}/{y}.png',
      MAP_TILE_SUBDOMAINS: '1,2',
      MAP_TILE_ATTRIBUTION: '© 测试底图',
      // The demo partner platform of the partner pages (ADR 0206), beside the app.
      DEMO_PARTNER_PORT: process.env.E2E_PARTNER_PORT || String(port + 10),
      // Several e2e servers may run on one machine: no metrics port.
      METRICS_PORT: process.env.METRICS_PORT || '0',
      // 数字员工 daily runs: the schedule tick every 2 s, so a test sees a due run within seconds.
      SKILL_SCHEDULE_EVERY_MS: '2000',
      // A job whose instance was killed is resumed by another within seconds (two-instances.spec).
      JOB_STALE_AFTER_SECONDS: '20',
    },
  };
}
