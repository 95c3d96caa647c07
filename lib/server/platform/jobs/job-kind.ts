import type { z } from 'zod';
import type { Database } from '../db';

export type JobTx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What one step reports; written in the step's own transaction together with its data. */
export type StepReport<C> = {
  checkpoint: C;
  processed: number;
  total?: number | null;
  message?: string | null;
};

export type JobContext<P, C> = {
  readonly jobId: number;
  readonly tenantId: number | null;
  readonly userId: number;
  readonly params: P;
  /** Where the previous attempt stopped (null on the first). */
  readonly checkpoint: C | null;
  /** 1 on the first attempt; more after a crash or an expiry. */
  readonly attempt: number;
  /**
   * Runs one unit of work in a transaction that also stores its checkpoint and progress. Either
   * both commit or neither does, and only while this worker still holds the job — which is what
   * makes a resumed job do every unit exactly once. Throws JobLostError when another attempt took
   * the job over and JobCancelledError (after committing) when the user asked to stop.
   */
  step: <T = void>(work: (tx: JobTx) => Promise<StepReport<C> & { value?: T }>) => Promise<T>;
  /** Progress without data (counting, preparing): also a heartbeat. Throws like step. */
  progress: (report: {
    processed?: number;
    total?: number | null;
    message?: string;
  }) => Promise<void>;
  /** Stores the job's result file (download centre); replaces an earlier one of this job. */
  saveFile: (file: { name: string; mime: string; data: Buffer }) => Promise<void>;
};

export type JobOutcome = { result?: Record<string, unknown>; message?: string };

/**
 * A kind of background job. `run` may be called again for the same job after a crash: it must
 * start from `ctx.checkpoint` and do its writes inside `ctx.step`.
 */
export type JobKind<P = unknown, C = unknown> = {
  kind: string;
  params: z.ZodType<P>;
  run: (ctx: JobContext<P, C>) => Promise<JobOutcome>;
  /** Jobs of this kind running at once in one process (default 1). */
  concurrency?: number;
  /** Days the result file and the row are kept (default 7). */
  retentionDays?: number;
  /**
   * Removes what the job worked through (an upload of its own kind) once its end is committed —
   * never in `run`, which a crash before the end makes run again. Also after a crash between the
   * end and this (the sweeper), so it must tolerate running twice.
   */
  onEnded?: (params: P) => Promise<void>;
};

/** Set in an ended job's params once its inputs are removed. */
export const INPUTS_REMOVED = 'inputsRemoved';

export function defineJobKind<P, C>(kind: JobKind<P, C>): JobKind<P, C> {
  return kind;
}

/** Another attempt holds the job now (this worker expired or was superseded): stop quietly. */
export class JobLostError extends Error {
  constructor() {
    super('job lost to another attempt');
  }
}

/** The user asked to stop; the runner marks the job cancelled. */
export class JobCancelledError extends Error {
  constructor() {
    super('job cancelled');
  }
}
