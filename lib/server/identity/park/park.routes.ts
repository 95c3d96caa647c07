import 'server-only';
import { createParkEntryCode, exchangeParkEntryCode } from '@/lib/shared/park/park.contract';
import { defineRoute } from '@/lib/server/platform';
import { createParkEntryUrl, redeemParkEntryCode } from './park.service';

export const parkRoutes = [
  defineRoute(createParkEntryCode, ({ auth }) => createParkEntryUrl(auth)),
  defineRoute(exchangeParkEntryCode, ({ body, client }) => redeemParkEntryCode(body.code, client)),
];
