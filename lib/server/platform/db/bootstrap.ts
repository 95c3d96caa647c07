import fs from 'node:fs';
import { config } from '../config';
import { EmbeddedPostgresServer } from './embedded-server';
import { ensureDatabase, runMigrations } from './migrate';

export type DatabaseHandle = {
  url: string;
  embedded: EmbeddedPostgresServer | null;
  /** True when the embedded cluster was created by this start. */
  freshCluster: boolean;
  stop: () => Promise<void>;
};

/**
 * Makes a migrated database available and exports its URL as DATABASE_URL for the rest of the
 * process. With DATABASE_URL set, that server is used and nothing is started; otherwise the
 * embedded PostgreSQL under DATA_DIR/pg is started (initialised on first use).
 */
export async function startDatabase(
  options: { log?: (line: string) => void; migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  const log = options.log ?? (() => undefined);
  let url = config.databaseUrl;
  let embedded: EmbeddedPostgresServer | null = null;
  let freshCluster = false;
  if (!url) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    embedded = new EmbeddedPostgresServer({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      log: (line) => {
        if (/FATAL|PANIC|ERROR/.test(line)) log(`[postgres] ${line}`);
      },
      // The app keeps serving (health says 503) and brings the database back by itself.
      onUnexpectedExit: (code) => {
        log(`内置数据库意外退出 (退出码 ${code})，正在重启…`);
        const restart = (attempt: number) => {
          embedded!
            .start()
            .then(() => log('内置数据库已重新启动'))
            .catch((err: Error) => {
              log(`重启失败（第 ${attempt} 次）：${err.message}`);
              setTimeout(() => restart(attempt + 1), Math.min(30_000, 1000 * 2 ** attempt));
            });
        };
        setTimeout(() => restart(1), 1000);
      },
    });
    freshCluster = await embedded.initialiseIfNeeded();
    await embedded.start();
    const base = new URL(embedded.url);
    base.pathname = '/leadradar';
    url = base.toString();
    process.env.DATABASE_URL = url;
  }
  await ensureDatabase(url);
  if (options.migrate !== false) await runMigrations(url);
  return {
    url,
    embedded,
    freshCluster,
    stop: async () => {
      if (embedded) await embedded.stop();
    },
  };
}
