import 'server-only';
import { createParkEntryCode, exchangeParkEntryCode } from '@/lib/shared/park/park.contract';
import { defineRoute } from '../api/define-route';
import { createParkEntryUrl, redeemParkEntryCode } from './park.service';

export const parkRoutes = [
  defineRoute(createParkEntryCode, ({ auth }) => createParkEntryUrl(auth)),
  defineRoute(exchangeParkEntryCode, ({ body, client }) => redeemParkEntryCode(body.code, client)),
];
