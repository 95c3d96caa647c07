import 'server-only';
import { checkCaptcha, getCaptcha } from '@/lib/shared/captcha/captcha.contract';
import { defineRoute } from '@/lib/server/platform';
import { answerCheckCaptcha, answerGetCaptcha } from './captcha.service';

export const captchaRoutes = [
  defineRoute(getCaptcha, ({ body, client }) => answerGetCaptcha(body, client)),
  defineRoute(checkCaptcha, ({ body, client }) => answerCheckCaptcha(body, client)),
];
