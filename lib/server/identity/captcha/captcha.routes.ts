import 'server-only';
import { checkCaptcha, getCaptcha, getCaptchaWidget } from '@/lib/shared/captcha/captcha.contract';
import { defineRoute } from '@/lib/server/platform';
import { answerCheckCaptcha, answerGetCaptcha } from './captcha.service';
import { captchaWidget } from './captcha-provider';

export const captchaRoutes = [
  defineRoute(getCaptcha, ({ body, client }) => answerGetCaptcha(body, client)),
  defineRoute(checkCaptcha, ({ body, client }) => answerCheckCaptcha(body, client)),
  defineRoute(getCaptchaWidget, () => captchaWidget()),
];
