import type { SmsScene } from '@/lib/shared/validation';

/** One outgoing verification-code text. */
export type SmsMessage = { mobile: string; code: string; scene: SmsScene };

/** The one interface both SMS adapters implement (ARCHITECTURE: real adapter, demo default). */
export type SmsSender = {
  readonly kind: 'demo' | 'aliyun';
  send: (message: SmsMessage) => Promise<void>;
};

/** Thrown by a real adapter when the provider refuses or cannot be reached. */
export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}
