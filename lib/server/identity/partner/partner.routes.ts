import 'server-only';
import { exchangePartnerCode, partnerAuth } from '@/lib/shared/partner/partner.contract';
import { defineRoute } from '@/lib/server/platform';
import { exchangePartnerCode as redeem, issuePartnerCode } from './partner.service';

export const partnerRoutes = [
  defineRoute(partnerAuth, ({ auth, query }) => issuePartnerCode(auth, query.redirectUrl)),
  defineRoute(exchangePartnerCode, ({ body, client }) => redeem(body, client)),
];
