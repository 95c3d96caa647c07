/**
 * `npm run db:backup [-- --out DIR] [--method auto|pg_dump|hot-copy|copy]`: the database (pg_dump
 * custom format; or the embedded cluster's directory — a hot copy while it runs, a plain copy
 * while it is stopped) and the files folder in one timestamped tar
 * (scripts/db-backup/backup-kit.ts, ADR 0208).
 */
import '@/lib/server/platform/outside-next';
import path from 'node:path';
import {
  BackupError,
  backup,
  configuredInstallation,
  type BackupMethod,
} from './db-backup/backup-kit';

const METHODS: BackupMethod[] = ['auto', 'pg_dump', 'hot-copy', 'copy'];
const METHOD_NAMES: Record<Exclude<BackupMethod, 'auto'>, string> = {
  pg_dump: 'pg_dump（自定义格式）',
  'hot-copy': '运行中的数据目录复制（含 WAL）',
  copy: '数据目录复制（数据库已停止）',
};

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const method = (arg('--method') ?? 'auto') as BackupMethod;
  if (!METHODS.includes(method)) throw new BackupError(`--method 只能是 ${METHODS.join('、')}`);
  const inst = await configuredInstallation();
  const outDir = path.resolve(arg('--out') ?? 'backups');
  console.log(
    `正在备份 ${inst.databaseUrl ? '外部数据库 (DATABASE_URL)' : `内置数据库 (${inst.dataDir})`} …`,
  );
  const { file, manifest } = await backup(inst, {
    outDir,
    method,
    onStage: (stage) => {
      if (stage === 'started') console.log('数据库已进入备份模式，正在复制数据目录…');
      else if (stage === 'stopped') console.log('复制完成，正在收集 WAL…');
    },
  });
  console.log(
    `备份完成：${file}\n方式：${METHOD_NAMES[manifest.method]}，PostgreSQL ${manifest.postgresMajor}，文件目录：${manifest.files ? '已包含' : '无'}`,
  );
}

main().catch((err) => {
  console.error(err instanceof BackupError ? `备份失败：${err.message}` : err);
  process.exit(1);
});
