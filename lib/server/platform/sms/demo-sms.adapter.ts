import { partLogger } from '../observability/logger';
import type { SmsMessage, SmsSender } from './sms.adapter';

/** Offline default: the code goes to the server log (and, in demo mode, back to the caller). */
export function createDemoSmsSender(
  log: (line: string) => void = (l) => partLogger('sms').info(l),
): SmsSender {
  return {
    kind: 'demo',
    send: async ({ mobile, code, scene }: SmsMessage) => {
      log(
        `[sms:demo] scene ${scene} → ${mobile.slice(0, 3)}****${mobile.slice(7)}: 验证码 ${code}（10 分钟内有效）`,
      );
    },
  };
}
