/**
 * `npm run db:replica -- [--dir DIR] [--port PORT]`: a streaming replica of this machine's
 * embedded database (issue 37 item 6, ADR 0211), kept running in the foreground (Ctrl-C stops
 * it). Start the app with the printed DATABASE_READ_URL and search and the map read from it while
 * it keeps up. The first run copies the primary (which must be running: `npm start`); later runs
 * start the replica that is there.
 */
import '@/lib/server/platform/outside-next';
import fs from 'node:fs';
import path from 'node:path';
import { config } from '@/lib/server/platform';
import { EmbeddedPostgresServer } from '@/lib/server/platform/db/embedded-server';
import { createStreamingReplica } from '@/lib/server/platform/db/replica-setup';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};

async function main() {
  if (config.databaseUrl) {
    console.error(
      '设置了 DATABASE_URL：外部数据库请用其自身的复制工具（pg_basebackup）建立备库，再把备库地址设为 DATABASE_READ_URL。',
    );
    process.exit(2);
  }
  const dir = path.resolve(arg('--dir', path.join(config.dataDir, '..', 'replica')));
  const port = Number(arg('--port', String(config.embeddedPgPort + 1)));
  const primary = new EmbeddedPostgresServer({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
  });
  const log = (line: string) => console.log(line);
  const replica = fs.existsSync(path.join(dir, 'pg', 'PG_VERSION'))
    ? new EmbeddedPostgresServer({ dataDir: dir, port })
    : await createStreamingReplica({
        primaryUrl: primary.url,
        primaryPgDir: primary.pgDir,
        replicaDataDir: dir,
        replicaPort: port,
        log,
      }).catch((err: Error) => {
        console.error(
          `无法复制主库（应用需在运行中，内置数据库端口 ${config.embeddedPgPort}）：${err.message}`,
        );
        process.exit(1);
      });
  await replica.start();
  const url = new URL(replica.url);
  url.pathname = '/leadradar';
  console.log(`只读副本已启动：DATABASE_READ_URL=${url.toString()}`);
  const stop = async () => {
    await replica.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
