/**
 * Who adds a contact for an add-contact task (加微任务, ADR 0199): one small interface, like the
 * contact source of 挖一挖 (ADR 0120), with a demo provider that works offline and an HTTP one
 * for a real service (an enterprise-WeChat integration).
 *
 * What a provider must do:
 * - `send` asks the contact (a mainland mobile) to accept the member with the greeting. It is
 *   idempotent by `ref`: the task may send the same ref again after a crash (it cannot know
 *   whether the first send got through), and the provider must then neither ask the person a
 *   second time nor answer differently. It answers `{ ok: true }` when the request went out,
 *   `{ ok: false, reason }` when it cannot be sent (no such account, blocked), and throws only
 *   when it could not answer (timeout, outage, garbage): the task then records the contact as
 *   failed with 服务商无应答 and gives its credit back.
 * - The person's answer (accepted / refused) arrives later: a push provider calls the signed
 *   callback (outreach.contract.ts outreachCallback); a pull provider answers `answers(refs)`.
 * The task never holds a database transaction open while a provider is asked.
 */

export type OutreachRequest = {
  /** Idempotency key of this contact in this task. */
  ref: string;
  mobile: string;
  greeting: string;
  personName: string | null;
  entName: string;
};

export type SendOutcome = { ok: true } | { ok: false; reason: string };

export type OutreachAnswer = { ref: string; result: 'accepted' | 'refused'; at: Date };

export type OutreachProvider = {
  readonly name: string;
  /** True for the demo provider: its results are marked 演示数据. */
  readonly demo: boolean;
  /** Contacts sent at once by one task. */
  readonly concurrency: number;
  /** 'pull': the task asks answers(); 'push': answers come by the signed callback. */
  readonly answersBy: 'pull' | 'push';
  send(request: OutreachRequest, signal?: AbortSignal): Promise<SendOutcome>;
  answers(refs: readonly string[]): Promise<OutreachAnswer[]>;
};

const MOBILE = /^1[3-9]\d{9}$/;

/** A provider's send answer is input: anything but the two shapes counts as no answer. */
export function readSendOutcome(body: Record<string, unknown>): SendOutcome {
  if (body.ok === true) return { ok: true };
  if (body.ok === false && typeof body.reason === 'string' && body.reason.trim())
    return { ok: false, reason: body.reason.trim().slice(0, 100) };
  throw new Error('provider answered an unexpected shape');
}

export function isMobile(value: string | null | undefined): value is string {
  return !!value && MOBILE.test(value);
}
