import 'server-only';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  setDefaultSavedView,
  updateSavedView,
} from '@/lib/shared/saved-view/saved-view.contract';
import { defineRoute } from '@/lib/server/platform';
import * as service from './saved-view.service';

/** /szjk/list-view/*: saved views of any list (线索, 客户 …), per member, optionally shared. */
export const savedViewRoutes = [
  defineRoute(listSavedViews, ({ auth, query }) => service.listViews(auth, query.listKey)),
  defineRoute(createSavedView, ({ auth, body }) => service.createView(auth, body)),
  defineRoute(updateSavedView, ({ auth, body }) => service.updateView(auth, body)),
  defineRoute(deleteSavedView, ({ auth, query }) => service.deleteView(auth, query.id)),
  defineRoute(setDefaultSavedView, ({ auth, body }) =>
    service.setDefaultView(auth, body.listKey, body.id),
  ),
];
