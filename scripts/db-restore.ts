/**
 * `npm run db:restore -- FILE [--force]`: puts a backup of `npm run db:backup` back — the database
 * (pg_restore into a new database swapped in by rename, or the embedded cluster's directory) and the
 * files folder. Refuses while the app is running unless --force (scripts/db-backup/backup-kit.ts).
 */
import '@/lib/server/platform/outside-next';
import path from 'node:path';
import { BackupError, configuredInstallation, restore } from './db-backup/backup-kit';

async function main() {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) throw new BackupError('请指定备份文件：npm run db:restore -- 文件路径 [--force]');
  const inst = await configuredInstallation();
  const manifest = await restore(inst, path.resolve(file), {
    force: args.includes('--force'),
    log: (line) => console.log(line),
  });
  console.log(`恢复完成：${path.basename(file)}（备份时间 ${manifest.createdAt}）`);
}

main().catch((err) => {
  console.error(err instanceof BackupError ? `恢复失败：${err.message}` : err);
  process.exit(1);
});
