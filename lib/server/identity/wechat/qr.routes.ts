import 'server-only';
import {
  confirmPhoneScan,
  continuePhoneScanAsNew,
  createQrcodeTicket,
  getPhoneTicketInfo,
  getQrcodeStatus,
  mintPhoneWebCode,
  qrcodeLogin,
  receiveMpCallback,
  unbindSocialUser,
  verifyMpCallback,
  wxMpBindMobileLogin,
  wxWebCodeLogin,
} from '@/lib/shared/wechat/wechat.contract';
import { defineRoute } from '@/lib/server/platform';
import {
  confirmScanAsUser,
  mintDemoWebCode,
  phoneTicketInfo,
  scanAsNewIdentity,
} from './demo-phone.service';
import { answerMpCallbackCheck, answerMpCallbackEvent } from './mp-callback.service';
import {
  bindMobileAndLogin,
  createTicketFor,
  loginByQrTicket,
  loginByWebCode,
  qrTicketStatus,
} from './qr-login.service';
import { unbindSocialIdentity } from './social.service';

export const qrRoutes = [
  defineRoute(createQrcodeTicket, ({ query, auth }) => createTicketFor(query.scene, auth)),
  defineRoute(getQrcodeStatus, ({ query, auth }) => qrTicketStatus(query.ticket, auth)),
  defineRoute(qrcodeLogin, ({ body, client }) => loginByQrTicket(body, client)),
  defineRoute(wxMpBindMobileLogin, ({ body, client }) => bindMobileAndLogin(body, client)),
  defineRoute(wxWebCodeLogin, ({ query, client }) => loginByWebCode(query.code, client)),
  // Demo phone page (/PhonePage?ticket=…): stands in for WeChat on the phone.
  defineRoute(getPhoneTicketInfo, ({ query, auth }) => phoneTicketInfo(query.ticket, auth)),
  defineRoute(confirmPhoneScan, ({ body, auth }) => confirmScanAsUser(body.ticket, auth.userId)),
  defineRoute(continuePhoneScanAsNew, ({ body }) => scanAsNewIdentity(body.ticket)),
  defineRoute(mintPhoneWebCode, ({ body, auth }) => mintDemoWebCode(body.newIdentity, auth)),
  // WeChat official-account server callback (real adapter).
  defineRoute(verifyMpCallback, ({ query }) => answerMpCallbackCheck(query)),
  defineRoute(receiveMpCallback, ({ query, req }) => answerMpCallbackEvent(query, req)),
  defineRoute(unbindSocialUser, ({ body, auth, client }) =>
    unbindSocialIdentity(body, auth, client),
  ),
];
