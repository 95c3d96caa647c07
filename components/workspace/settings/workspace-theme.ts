import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { WorkspaceTheme } from '@/lib/shared/workspace/layout-settings';

/**
 * The three workspace themes of spec 3 as real antd themes (algorithm + tokens), so every antd
 * component and every CSS variable the shell reads follow them; no CSS filters. The shell nests
 * `<ConfigProvider theme={workspaceThemeConfig(settings.theme)}>` inside the app's ConfigProvider.
 */

// On light surfaces antd's blue-7: white text on it and it on white both pass WCAG AA (blue-6,
// the brand blue, is 4.1:1). The dark algorithm keeps the brand blue, which it lightens itself.
const colorPrimary = '#0958d9';
const BRAND_BLUE = '#1677ff';
const borderRadius = 6;

/** antd's own navy of the dark side menu. */
const NAVY = '#001529';
/** Surfaces of antd's dark algorithm (colorBgContainer / colorBgElevated). */
const DARK_CONTAINER = '#141414';
const DARK_ELEVATED = '#1f1f1f';

/** mixins: light pages and top bar, dark side menu (the default). */
const MIXINS: ThemeConfig = {
  algorithm: antdTheme.defaultAlgorithm,
  token: { colorPrimary, borderRadius },
  components: {
    Layout: { siderBg: NAVY, triggerBg: '#002140', headerBg: '#ffffff' },
    Menu: { darkItemBg: NAVY, darkSubMenuItemBg: '#000c17', darkPopupBg: NAVY },
  },
};

/** white: everything light, the side menu included. */
const WHITE: ThemeConfig = {
  algorithm: antdTheme.defaultAlgorithm,
  token: { colorPrimary, borderRadius },
  components: {
    Layout: { lightSiderBg: '#ffffff', lightTriggerBg: '#ffffff', headerBg: '#ffffff' },
  },
};

/** dark: antd's dark algorithm everywhere; the side menu sits on the same dark surfaces. */
const DARK: ThemeConfig = {
  algorithm: antdTheme.darkAlgorithm,
  token: { colorPrimary: BRAND_BLUE, borderRadius },
  components: {
    Layout: { siderBg: DARK_CONTAINER, triggerBg: DARK_ELEVATED, headerBg: DARK_CONTAINER },
    Menu: {
      darkItemBg: DARK_CONTAINER,
      darkSubMenuItemBg: '#000000',
      darkPopupBg: DARK_ELEVATED,
    },
  },
};

const THEMES: Record<WorkspaceTheme, ThemeConfig> = { mixins: MIXINS, white: WHITE, dark: DARK };

/**
 * The antd theme of a workspace theme. The same object each time for the same theme, so antd
 * does not rebuild styles on every render; an unknown value gets the default (mixins).
 */
export function workspaceThemeConfig(theme: WorkspaceTheme): ThemeConfig {
  return THEMES[theme] ?? MIXINS;
}

/** The `theme` prop of the side menu (Layout.Sider and Menu): light only in the white theme. */
export function siderMenuTheme(theme: WorkspaceTheme): 'dark' | 'light' {
  return theme === 'white' ? 'light' : 'dark';
}
