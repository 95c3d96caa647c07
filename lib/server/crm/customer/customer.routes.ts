import 'server-only';
import {
  convertFromClue,
  createCustomer,
  createCustomerFollowUp,
  customerPage,
  deleteCustomer,
  getCustomer,
  getCustomerTagList,
  listCustomerFollowUps,
  restoreCustomer,
  updateCustomer,
  updateCustomerOwner,
} from '@/lib/shared/customer/customer.contract';
import { defineRoute } from '@/lib/server/platform';
import * as customerService from './customer.service';
import * as followUpService from './customer-follow-up.service';
import * as convertService from './convert.service';

/** /szjk/customer/* (get-source-list is answered with the leads' routes). */
export const customerRoutes = [
  defineRoute(customerPage, ({ auth, body }) => customerService.pageCustomers(auth, body)),
  defineRoute(getCustomer, ({ auth, query }) => customerService.getCustomerView(auth, query.id)),
  defineRoute(createCustomer, ({ auth, body }) => customerService.createCustomer(auth, body)),
  defineRoute(updateCustomer, ({ auth, body }) => customerService.updateCustomer(auth, body)),
  defineRoute(deleteCustomer, ({ auth, query }) =>
    customerService.deleteCustomers(auth, query.ids ?? [query.id!]),
  ),
  defineRoute(restoreCustomer, ({ auth, query }) =>
    customerService.restoreCustomer(auth, query.id),
  ),
  defineRoute(updateCustomerOwner, ({ auth, body }) =>
    customerService.updateOwner(auth, body.ids, body.ownerUserId),
  ),
  defineRoute(getCustomerTagList, ({ auth }) => customerService.tagList(auth)),
  defineRoute(convertFromClue, ({ auth, body }) => convertService.convertFromClue(auth, body)),
  defineRoute(createCustomerFollowUp, ({ auth, body }) =>
    followUpService.createCustomerFollowUp(auth, body),
  ),
  defineRoute(listCustomerFollowUps, ({ auth, query }) =>
    followUpService.listCustomerFollowUps(auth, query),
  ),
];
