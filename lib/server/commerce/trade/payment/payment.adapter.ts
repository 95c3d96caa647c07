import type { PayChannel } from '@/lib/shared/trade/trade.contract';

/** What a provider needs to show a payment QR for one of our orders. */
export type PaymentOrder = {
  orderNo: string;
  qrcodeKey: string;
  subject: string;
  amountFen: number;
  expiresAt: Date;
};

/** A confirmation whose signature checked out, read into our terms. */
export type VerifiedPayment = {
  orderNo: string;
  /** The provider's own trade number. */
  providerTradeNo: string;
  /** What the payer paid, in fen. */
  amountFen: number;
  /** The provider reports the trade as paid (not merely created or closed). */
  paid: boolean;
  /** The notification's id (WeChat) or notify_id (Alipay), for the log. */
  eventId: string;
  paidAt: Date | null;
};

/** Why a confirmation was refused before it could touch an order. */
export type RejectReason = 'forged' | 'replayed' | 'invalid';

export class PaymentCallbackRejected extends Error {
  constructor(
    readonly reason: RejectReason,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentCallbackRejected';
  }
}

export type CallbackRequest = { headers: Headers; rawBody: string };

/**
 * One interface for every way to pay (ARCHITECTURE: real adapters, demo default):
 * - createQr: the content of the QR the payer scans.
 * - verifyCallback: checks the provider's signature (and freshness) of an asynchronous
 *   notification and reads it; throws PaymentCallbackRejected for anything not provably from the
 *   provider. The demo adapter has no callback: its confirmation page confirms directly.
 * - acknowledge: the answer the provider expects, so it stops (or keeps) retrying.
 * - queryPayment: asks the provider about an order (status polling when a notification is late).
 */
export type PaymentAdapter = {
  readonly channel: PayChannel;
  createQr: (order: PaymentOrder) => Promise<{ qrContent: string }>;
  verifyCallback: (req: CallbackRequest) => Promise<VerifiedPayment>;
  acknowledge: (accepted: boolean, message?: string) => Response;
  queryPayment?: (orderNo: string) => Promise<VerifiedPayment | null>;
};

export class PaymentProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
