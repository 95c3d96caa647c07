// The drawer (SettingsDrawer.tsx) is not re-exported here: the shell loads it on first opening,
// and a re-export would put it back into every signed-in page's first load.
export { useLayoutSettings, useLayoutSettingsSeed } from './useLayoutSettings';
export type {
  LayoutSettingsSeed,
  ServerSettingsStatus,
  UseLayoutSettingsResult,
} from './useLayoutSettings';
export { siderMenuTheme, workspaceThemeClass, workspaceThemeConfig } from './workspace-theme';
