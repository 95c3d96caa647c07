import 'server-only';
import {
  bindEnterpriseLogin,
  enterpriseSuggest,
  getLoginInfoByMobile,
  passwordLogin,
  resetPassword,
  sendSmsCode,
  signUpByMobile,
  smsLogin,
} from '@/lib/shared/auth/auth.contract';
import { defineRoute } from '@/lib/server/platform';
import { suggestEnterprisesForLogin } from '../tenant/enterprise-suggest';
import { captchaPasswordLogin, resetPasswordBySms } from './login.service';
import { loginInfoByMobile } from './login-info.service';
import { sendAuthSmsCode } from './sms-code.service';
import * as signup from './signup.service';

export const loginRoutes = [
  defineRoute(passwordLogin, ({ body, client }) => captchaPasswordLogin(body, client)),
  defineRoute(sendSmsCode, ({ body, auth, client }) =>
    sendAuthSmsCode(body, auth?.userId ?? null, client),
  ),
  defineRoute(smsLogin, ({ body, query, client }) =>
    signup.smsLogin(body, query.invitationCode, client),
  ),
  defineRoute(signUpByMobile, ({ body, client }) => signup.signUpByMobile(body, client)),
  defineRoute(bindEnterpriseLogin, ({ body, client }) =>
    signup.bindEnterpriseByTicket(body, client),
  ),
  defineRoute(resetPassword, ({ body, client }) => resetPasswordBySms(body, client)),
  defineRoute(enterpriseSuggest, ({ query, auth, client }) =>
    suggestEnterprisesForLogin({ auth, client }, query.keyword, query.limit),
  ),
  defineRoute(getLoginInfoByMobile, ({ query, client }) => loginInfoByMobile(query.mobile, client)),
];
