/**
 * The work a kill -9 test stops (test/kill/kill-harness.ts), in its own process. Prints "ready"
 * just before the work starts; FAULT_KILL_AT makes it kill itself at a named point.
 *
 *   payment <orderNo> <amountFen>   one payment notification (confirmPayment), then exit
 *   jobs                            a job runner with every job kind, until killed
 *   migrate <url>                   the migrations onto <url>, then exit
 *   import <batch> <file>…          npm run import:enterprises of the files (batch: records per
 *                                   checkpoint), then exit
 */
import '@/lib/server/platform/outside-next';
import { getPool } from '@/lib/server/platform/db';

async function main() {
  const [scenario, ...args] = process.argv.slice(2);
  if (scenario === 'payment') {
    const { confirmPayment } = await import('@/lib/server/commerce/trade/fulfil.service');
    await getPool().query('select 1');
    console.log('ready');
    const outcome = await confirmPayment('demo', {
      orderNo: args[0],
      providerTradeNo: `T${args[0]}`,
      amountFen: Number(args[1]),
      paid: true,
      eventId: 'kill-test',
      paidAt: new Date(),
    });
    console.log(`outcome ${outcome}`);
    process.exit(0);
  }
  if (scenario === 'jobs') {
    const { startJobRunner } = await import('@/lib/server/platform/jobs/job-runner');
    const { JOB_KINDS } = await import('@/lib/server/edge/jobs/kinds');
    await startJobRunner({
      connectionString: process.env.DATABASE_URL!,
      kinds: JOB_KINDS,
      pollingIntervalSeconds: 0.5,
      staleAfterSeconds: 2,
      sweepIntervalSeconds: 0.5,
      log: () => undefined,
    });
    console.log('ready');
    return;
  }
  if (scenario === 'migrate') {
    const { runMigrations } = await import('@/lib/server/platform/db/migrate');
    console.log('ready');
    await runMigrations(args[0]);
    console.log('migrated');
    process.exit(0);
  }
  if (scenario === 'import') {
    const { importEnterprises } = await import('../../db/import/enterprise-import');
    await getPool().query('select 1');
    console.log('ready');
    const r = await importEnterprises(getPool(), {
      files: args.slice(1),
      batchSize: Number(args[0]),
    });
    console.log(`imported ${r.inserted}`);
    process.exit(0);
  }
  throw new Error(`unknown scenario ${scenario}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
