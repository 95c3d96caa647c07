import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJobKind } from '@/lib/server/platform/jobs/job-kind';

/**
 * A job kind for the runner's tests: writes items 1..count into job_test_items, `batch` per step,
 * sleeping `stepMs` in each step so a test can stop the process in the middle. A resumed run must
 * leave every item exactly once.
 */
export const countingJob = defineJobKind<
  { count: number; batch: number; stepMs: number; file?: boolean; failAt?: number },
  { next: number }
>({
  kind: 'test_counting',
  params: z.object({
    count: z.number().int().min(0),
    batch: z.number().int().min(1),
    stepMs: z.number().int().min(0),
    file: z.boolean().optional(),
    failAt: z.number().int().optional(),
  }),
  async run(ctx) {
    const { count, batch, stepMs } = ctx.params;
    let next = ctx.checkpoint?.next ?? 1;
    await ctx.progress({ total: count, processed: next - 1, message: '处理中' });
    while (next <= count) {
      const from = next;
      const to = Math.min(count, from + batch - 1);
      if (ctx.params.failAt !== undefined && ctx.params.failAt <= to)
        throw new Error('第 ' + ctx.params.failAt + ' 条数据有误');
      await ctx.step(async (tx) => {
        await tx.execute(sql`
          insert into job_test_items (job_id, item, attempt)
          select ${ctx.jobId}, g, ${ctx.attempt} from generate_series(${from}::int, ${to}::int) g`);
        if (stepMs) await new Promise((r) => setTimeout(r, stepMs));
        return { checkpoint: { next: to + 1 }, processed: to };
      });
      next = to + 1;
    }
    if (ctx.params.file)
      await ctx.saveFile({
        name: '计数结果.xlsx',
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        data: Buffer.from(`PK\u0003\u0004 ${count}`),
      });
    return { result: { count }, message: `共处理 ${count} 条` };
  },
});
