import 'server-only';
import {
  getUserLayoutSetting,
  updateUserLayoutSetting,
} from '@/lib/shared/workspace/workspace.contract';
import { defineRoute } from '@/lib/server/platform';
import { getUserLayoutSettings, updateUserLayoutSettings } from './layout-settings.service';

export const workspaceRoutes = [
  defineRoute(getUserLayoutSetting, ({ auth }) => getUserLayoutSettings(auth.userId)),
  defineRoute(updateUserLayoutSetting, ({ auth, body }) =>
    updateUserLayoutSettings(auth.userId, body),
  ),
];
