/**
 * The one process: Next.js pages and route handlers, the API root, the BFF and the WebSocket
 * endpoints under /websocket/* on one port, with the database started first and stopped last.
 */
import '@/lib/server/platform/outside-next';
import http from 'node:http';
import net from 'node:net';
import next from 'next';
import {
  config,
  startDatabase,
  type DatabaseHandle,
  prewarmSearchRelations,
  closeDb,
  ensureSessionSecret,
  normaliseIncomingHeaders,
  startJobRunner,
  type JobRunner,
  createStaticBrotli,
  demoExposureWarning,
  answerMalformedApiPath,
  stopRateCounters,
  partLogger,
  observeHttp,
  startMetricsServer,
  registerPlatformGauges,
  gaugeOnScrape,
  acceptRequestId,
  runWithRequestContext,
} from '@/lib/server/platform';
import { seedIfEmpty } from './db/seed/first-start';
import {
  createAppWebSocketGateway,
  createPageCache,
  createPageCacheSecret,
  JOB_KINDS,
  startDemoPartner,
} from '@/lib/server/edge';
import { startVipReminderSchedule } from '@/lib/server/commerce';
import { warmContentIndexes } from '@/lib/server/content';
import { startFollowUpReminderSchedule, startRecyclePurgeSchedule } from '@/lib/server/crm';
import { startOutreachSchedule, startSkillSchedule } from '@/lib/server/ai';
import { startEstateRecountSchedule } from '@/lib/server/search';

const dev = process.env.NODE_ENV !== 'production';
const serverLog = partLogger('server');
const log = (...parts: unknown[]) => serverLog.info(parts.map(String).join(' '));

function fail(message: string): never {
  serverLog.fatal(`启动失败：${message}`);
  process.exit(1);
}

/** Fails fast, before touching ./data, when another process already holds the port. */
function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(
              `端口 ${port} 已被占用：可能已有一个拓客雷达实例在运行。请先停止它，或用 PORT 指定其他端口。`,
            )
          : err,
      );
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** How this process reaches itself: loopback when it listens on every interface. */
function ownOrigin(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::') return `http://127.0.0.1:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function main() {
  const started = Date.now();
  const { port, host } = config;
  await assertPortFree(port, host).catch((err: Error) => fail(err.message));
  ensureSessionSecret(config.dataDir);

  let database: DatabaseHandle;
  try {
    database = await startDatabase({ log });
  } catch (err) {
    fail((err as Error).message);
  }
  log(
    `数据库就绪 (${database.embedded ? `内置 PostgreSQL, 数据目录 ${database.embedded.pgDir}` : '外部 DATABASE_URL'})，用时 ${Date.now() - started} ms`,
  );

  if (config.demoMode) {
    await seedIfEmpty(config.seedEnterprises, log).catch((err: Error) => {
      serverLog.error({ err }, '演示数据写入失败');
    });
  }

  // The search's narrow relations into shared buffers, in the background: the first searches
  // after a restart would otherwise read them page by page (lib/server/platform/db/prewarm.ts).
  void prewarmSearchRelations(database.url).then((warmed) => {
    if (warmed) log(`搜索数据已载入数据库缓存：${Math.round(warmed.bytes / 1048576)} MB`);
  });

  // Editions expiring within 7 days get their reminder (once per expiry; safe on many instances).
  const vipReminders = startVipReminderSchedule();
  // Leads whose next follow-up has come remind their follow user (every 5 minutes).
  const followUpReminders = startFollowUpReminderSchedule();
  // Recycle bins: records deleted longer ago than the tenant's retention go for good (hourly).
  const recyclePurge = startRecyclePurgeSchedule();
  // Add-contact tasks: paused ones go on when their pause is over, expired ones end (every minute).
  const outreachSchedule = startOutreachSchedule();
  // Parks' and buildings' stored company counts are recounted when a day old (hourly, batches).
  const estateRecount = startEstateRecountSchedule();
  // 数字员工 daily runs: due (member, skill) schedules become background jobs (every minute).
  const skillSchedule = startSkillSchedule();

  // Background jobs (ADR 0090): resumes what an earlier run left and deletes expired result files.
  // The site still serves without them; the failure is logged.
  const jobRunner: JobRunner | null = await startJobRunner({
    connectionString: config.databaseUrl,
    kinds: JOB_KINDS,
    staleAfterSeconds: config.jobStaleAfterSeconds,
    log: (m) => log(`后台任务：${m}`),
  }).catch((err: Error) => {
    serverLog.error(`后台任务启动失败：${err.message}`);
    return null;
  });

  createPageCacheSecret();
  const app = next({ dev, hostname: host === '0.0.0.0' ? 'localhost' : host, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const nextUpgrade = app.getUpgradeHandler();

  // Public pages the same for every visitor are served from memory in production (issue 10);
  // `next dev` always renders, so an edit shows at once.
  const pageCache =
    !dev && config.pageCacheMb > 0
      ? createPageCache({
          origin: ownOrigin(host, port),
          maxBytes: config.pageCacheMb * 1024 * 1024,
          render: (req, res) => void handle(req, res),
          log,
        })
      : null;

  // The build's scripts and styles in Brotli once compressed (production only: dev rebuilds them).
  const staticBrotli =
    dev || !config.staticBrotli
      ? null
      : createStaticBrotli({ distDir: process.env.NEXT_DIST_DIR || '.next', log });

  const server = http.createServer((req, res) => {
    normaliseIncomingHeaders(req.headers, req.socket.remoteAddress, config.trustProxy);
    // Every request gets its id, its access line and its count (issue 37 item 2).
    observeHttp(
      req,
      res,
      () => {
        if (answerMalformedApiPath(req, res)) return;
        if (staticBrotli?.serve(req, res)) return;
        if (pageCache) void pageCache.handle(req, res);
        else void handle(req, res);
      },
      config.trustProxy,
    );
  });
  server.keepAliveTimeout = 65_000;

  const gateway = await createAppWebSocketGateway(log);
  server.on('upgrade', (req, socket, head) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname.startsWith('/websocket/')) {
      normaliseIncomingHeaders(req.headers, req.socket.remoteAddress, config.trustProxy);
      // The socket's lines carry the id of the request that opened it.
      const reqId = acceptRequestId(null);
      req.headers['x-request-id'] = reqId;
      runWithRequestContext({ reqId }, () => gateway.handleUpgrade(req, socket, head));
    } else if (dev && pathname.startsWith('/_next/')) {
      void nextUpgrade(req, socket, head);
    } else {
      socket.destroy();
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  }).catch((err: Error) => fail(err.message));
  registerPlatformGauges();
  gaugeOnScrape('leadradar_websockets', 'Open WebSocket connections', () => ({
    open: gateway.openCount(),
  }));
  // Prometheus on its own loopback port; a second instance on the machine goes without.
  const metricsServer =
    config.metricsPort > 0
      ? await startMetricsServer(config.metricsPort, config.metricsHost).catch((err: Error) => {
          serverLog.warn(`指标端口 ${config.metricsPort} 未启用：${err.message}`);
          return null;
        })
      : null;
  if (metricsServer) log(`指标：http://${config.metricsHost}:${config.metricsPort}/metrics`);
  // Demo mode: the partner platform of the workspace's partner pages, on its own port (ADR 0206).
  const demoPartnerServer = await startDemoPartner(log);
  void staticBrotli?.warm().then((made) => {
    if (made) log(`静态资源已压缩为 Brotli：${made} 个文件`);
  });
  // The open pages' derived indexes (finance, lists, chains, the industry map), in the background:
  // otherwise the first visitor of /finance pays 8-11 s at 1,000,000 companies.
  void warmContentIndexes().then((parts) =>
    log(`统计索引已就绪：${parts.map((p) => `${p.part} ${p.ms} ms`).join('，')}`),
  );
  log(
    `已启动：http://localhost:${port} （${dev ? '开发' : '生产'}模式，${config.demoMode ? '演示数据' : '正式数据'}），总用时 ${Date.now() - started} ms`,
  );
  const exposure = demoExposureWarning({
    demoMode: config.demoMode,
    host,
    codeInResponse: config.demoSmsCodeInResponse,
  });
  if (exposure) serverLog.warn(exposure);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`收到 ${signal}，正在停止：不再接受新请求，等待进行中的请求完成…`);
    const force = setTimeout(() => server.closeAllConnections(), 15_000);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      gateway.closeAll();
    });
    clearTimeout(force);
    metricsServer?.close();
    demoPartnerServer?.close();
    vipReminders.stop();
    followUpReminders.stop();
    recyclePurge.stop();
    outreachSchedule.stop();
    estateRecount.stop();
    skillSchedule.stop();
    // Running jobs keep their last checkpoint and resume at the next start.
    await jobRunner?.stop().catch(() => undefined);
    await gateway.stop().catch(() => undefined);
    // Rate-limit hits counted in this process since the last batch (buffered-counters.ts).
    await stopRateCounters().catch(() => undefined);
    await pageCache?.stop().catch(() => undefined);
    await closeDb().catch(() => undefined);
    await database.stop().catch((err: Error) => serverLog.error(`数据库停止失败：${err.message}`));
    log('已停止');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => fail(err instanceof Error ? (err.stack ?? err.message) : String(err)));
