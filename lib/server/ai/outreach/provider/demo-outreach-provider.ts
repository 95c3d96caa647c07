import { createHash } from 'node:crypto';
import { and, lte, sql } from 'drizzle-orm';
import { outreachDemoRequests } from '@/db/schema';
import { getDb } from '@/lib/server/platform';
import type { OutreachAnswer, OutreachProvider, SendOutcome } from './outreach-provider';

/**
 * The demo provider (演示数据): keeps what it was asked in outreach_demo_requests — its side of
 * the wire, as a real service would — so a repeated ref is absorbed (attempts + 1) and answered
 * as the first time. Outcomes are derived from the ref and number: about 8 % cannot be sent,
 * the rest are answered after `answerMs` (± 50 %), about three in four accepted.
 */

const FAIL_REASONS = ['对方账号不存在或已注销', '对方已设置不可通过手机号添加'];

function fraction(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) / 0x100000000;
}

/** The demo outcome of a contact (pure; tests read it). */
export function demoOutcomeFor(ref: string, mobile: string): 'failed' | 'accepted' | 'refused' {
  const r = fraction(`outreach:${ref}:${mobile}`);
  if (r < 0.08) return 'failed';
  return r < 0.77 ? 'accepted' : 'refused';
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted'));
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new Error('aborted'));
    });
  });
}

export function createDemoOutreachProvider(options: {
  latencyMs: number;
  answerMs: number;
  concurrency?: number;
}): OutreachProvider {
  return {
    name: 'demo',
    demo: true,
    concurrency: options.concurrency ?? 4,
    answersBy: 'pull',
    async send(req, signal): Promise<SendOutcome> {
      if (options.latencyMs > 0)
        await sleep(options.latencyMs * (0.7 + 0.6 * fraction(`lat:${req.ref}`)), signal);
      const outcome = demoOutcomeFor(req.ref, req.mobile);
      const answerAt = new Date(Date.now() + options.answerMs * (0.5 + fraction(`ans:${req.ref}`)));
      const [row] = await getDb()
        .insert(outreachDemoRequests)
        .values({
          ref: req.ref,
          mobile: req.mobile,
          greeting: req.greeting,
          answer: outcome,
          answerAt,
        })
        .onConflictDoUpdate({
          target: outreachDemoRequests.ref,
          set: { attempts: sql`${outreachDemoRequests.attempts} + 1` },
        })
        .returning({ answer: outreachDemoRequests.answer });
      return row.answer === 'failed'
        ? { ok: false, reason: FAIL_REASONS[Math.floor(fraction(req.ref) * FAIL_REASONS.length)] }
        : { ok: true };
    },
    async answers(refs): Promise<OutreachAnswer[]> {
      if (refs.length === 0) return [];
      const rows = await getDb()
        .select()
        .from(outreachDemoRequests)
        .where(
          and(
            sql`${outreachDemoRequests.ref} = any(${sql.param([...refs])}::text[])`,
            sql`${outreachDemoRequests.answer} in ('accepted', 'refused')`,
            lte(outreachDemoRequests.answerAt, sql`now()`),
          ),
        );
      return rows.map((r) => ({
        ref: r.ref,
        result: r.answer as 'accepted' | 'refused',
        at: r.answerAt,
      }));
    },
  };
}
