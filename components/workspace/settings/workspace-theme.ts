import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { WorkspaceTheme } from '@/lib/shared/workspace/layout-settings';
import { ACCESSIBLE_TOKENS } from '@/components/providers/antd-tokens';

/**
 * The three workspace themes of spec 3 as real antd themes (algorithm + tokens), so every antd
 * component and every CSS variable the shell reads follow them; no CSS filters. The shell nests
 * `<ConfigProvider theme={workspaceThemeConfig(settings.theme)}>` inside the app's ConfigProvider.
 */

// Light surfaces take the app's accessible tokens (blue-7 and darker greys, antd-tokens.ts). The
// dark algorithm keeps the brand blue, which it lightens itself.
const BRAND_BLUE = '#1677ff';
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
  token: ACCESSIBLE_TOKENS,
  components: LIGHT_TABLE,
};

/** white: everything light, the side menu included. */
const WHITE: ThemeConfig = {
  algorithm: antdTheme.defaultAlgorithm,
  cssVar: { key: themeClass('white') },
  token: ACCESSIBLE_TOKENS,
  components: LIGHT_TABLE,
};

/**
 * dark: antd's dark algorithm everywhere; the side menu sits on the same dark surfaces. It does not
 * inherit the app's tokens (dark text and darker shades for light surfaces,
 * components/providers/antd-tokens.ts): the algorithm derives its own from these seeds.
 */
const DARK: ThemeConfig = {
  inherit: false,
  algorithm: antdTheme.darkAlgorithm,
  cssVar: { key: themeClass('dark') },
  token: { colorPrimary: BRAND_BLUE, borderRadius },
  components: DARK_TABLE,
};
/** Not inheriting, the dark theme carries the reduced-motion choice itself. */
const DARK_STILL: ThemeConfig = { ...DARK, token: { ...DARK.token, motion: false } };

const THEMES: Record<WorkspaceTheme, ThemeConfig> = { mixins: MIXINS, white: WHITE, dark: DARK };

/**
 * The antd theme of a workspace theme. The same object each time for the same theme, so antd
 * does not rebuild styles on every render; an unknown value gets the default (mixins). `motion`
 * false: the user asked for less motion (the light themes inherit it from the app's provider).
 */
export function workspaceThemeConfig(theme: WorkspaceTheme, motion = true): ThemeConfig {
  if (theme === 'dark') return motion ? DARK : DARK_STILL;
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
