import { checkCaptcha, getCaptcha } from '@/lib/shared/captcha/captcha.contract';
import { defineRoute } from '../api/define-route';
import { answerCheckCaptcha, answerGetCaptcha } from './captcha.service';

export const captchaRoutes = [
  defineRoute(getCaptcha, ({ body, client }) => answerGetCaptcha(body, client)),
  defineRoute(checkCaptcha, ({ body, client }) => answerCheckCaptcha(body, client)),
];
