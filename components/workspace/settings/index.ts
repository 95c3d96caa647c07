export { SettingsDrawer } from './SettingsDrawer';
export { useLayoutSettings } from './useLayoutSettings';
export type { ServerSettingsStatus, UseLayoutSettingsResult } from './useLayoutSettings';
export { siderMenuTheme, workspaceThemeConfig } from './workspace-theme';
