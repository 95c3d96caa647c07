/**
 * `npm run db:backup [-- --out DIR] [--method auto|pg_dump|copy]`: the database (pg_dump custom
 * format, or a copy of the stopped embedded cluster) and the files folder in one timestamped tar
 * (scripts/db-backup/backup-kit.ts, ADR 0208).
 */
import '@/lib/server/platform/outside-next';
import path from 'node:path';
import { BackupError, backup, configuredInstallation } from './db-backup/backup-kit';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const method = (arg('--method') ?? 'auto') as 'auto' | 'pg_dump' | 'copy';
  if (!['auto', 'pg_dump', 'copy'].includes(method))
    throw new BackupError('--method 只能是 auto、pg_dump 或 copy');
  const inst = await configuredInstallation();
  const outDir = path.resolve(arg('--out') ?? 'backups');
  console.log(
    `正在备份 ${inst.databaseUrl ? '外部数据库 (DATABASE_URL)' : `内置数据库 (${inst.dataDir})`} …`,
  );
  const { file, manifest } = await backup(inst, { outDir, method });
  console.log(
    `备份完成：${file}\n方式：${manifest.method === 'pg_dump' ? 'pg_dump（自定义格式）' : '数据目录复制'}，PostgreSQL ${manifest.postgresMajor}，文件目录：${manifest.files ? '已包含' : '无'}`,
  );
}

main().catch((err) => {
  console.error(err instanceof BackupError ? `备份失败：${err.message}` : err);
  process.exit(1);
});
