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
/** antd's blue-5: links on the dark surfaces at 6:1. */
const DARK_LINK = '#4096ff';
const borderRadius = 6;

/**
 * A table's 暂无数据 line is written in antd's disabled grey (1.8:1 on white), but it is the page
 * telling the user something ("还没有解锁过企业…"): secondary text instead, AA on its surface.
 */
const LIGHT_TABLE = { Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.62)' } };
const DARK_TABLE = { Table: { colorTextDisabled: 'rgba(255, 255, 255, 0.65)' } };

/**
 * The class antd declares a theme's CSS variables on (--ant-color-primary…): named here, so the
 * shell's own plain elements (side menu, top bar) can carry it and read the same colours.
 */
function themeClass(theme: WorkspaceTheme): string {
  return `ws-theme-${theme}`;
}

/** mixins: light pages and top bar, dark side menu (the default). */
const MIXINS: ThemeConfig = {
  algorithm: antdTheme.defaultAlgorithm,
  cssVar: { key: themeClass('mixins') },
  token: { colorPrimary, borderRadius },
  components: LIGHT_TABLE,
};

/** white: everything light, the side menu included. */
const WHITE: ThemeConfig = {
  algorithm: antdTheme.defaultAlgorithm,
  cssVar: { key: themeClass('white') },
  token: { colorPrimary, borderRadius },
  components: LIGHT_TABLE,
};

/** dark: antd's dark algorithm everywhere; the side menu sits on the same dark surfaces. */
const DARK: ThemeConfig = {
  algorithm: antdTheme.darkAlgorithm,
  cssVar: { key: themeClass('dark') },
  // The app's ConfigProvider sets greys and the link colour for light surfaces
  // (components/providers/antd-tokens.ts) and a nested theme inherits them: dark ones here.
  token: {
    colorPrimary: BRAND_BLUE,
    colorLink: DARK_LINK,
    colorTextSecondary: 'rgba(255, 255, 255, 0.65)',
    colorTextTertiary: 'rgba(255, 255, 255, 0.55)',
    borderRadius,
  },
  components: DARK_TABLE,
};

const THEMES: Record<WorkspaceTheme, ThemeConfig> = { mixins: MIXINS, white: WHITE, dark: DARK };

/**
 * The antd theme of a workspace theme. The same object each time for the same theme, so antd
 * does not rebuild styles on every render; an unknown value gets the default (mixins).
 */
export function workspaceThemeConfig(theme: WorkspaceTheme): ThemeConfig {
  return THEMES[theme] ?? MIXINS;
}

/** The class of a workspace theme's CSS variables (the default's for an unknown value). */
export function workspaceThemeClass(theme: WorkspaceTheme): string {
  return themeClass(THEMES[theme] ? theme : 'mixins');
}

/** The side menu's colours: light only in the white theme. */
export function siderMenuTheme(theme: WorkspaceTheme): 'dark' | 'light' {
  return theme === 'white' ? 'light' : 'dark';
}
