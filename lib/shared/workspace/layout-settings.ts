import { PRODUCT_NAME } from '@/lib/shared/brand';

/**
 * The workspace layout settings of spec 3 "Layout settings" (the 个性化配置 drawer, spec 2.4):
 * open, fixHeader and tagShow are remembered in this browser; layout, theme, systemName and
 * navigatorWorkbench are kept per user on the server. Reading either side never fails: a value
 * that is missing, malformed or no longer offered (a removed theme) falls back to its default,
 * field by field, so one stale setting does not throw away the others.
 *
 * This file is zod-free: the workspace shell reads the settings at first load (issue 38). The
 * schemas that validate a save, on the server and in the drawer, are in layout-settings.schemas.ts
 * and follow the same rules (layout-settings.test.ts checks both agree).
 */

export const LAYOUT_MODES = ['inline', 'horizontal'] as const;
export type LayoutMode = (typeof LAYOUT_MODES)[number];

export const WORKSPACE_THEMES = ['mixins', 'white', 'dark'] as const;
export type WorkspaceTheme = (typeof WORKSPACE_THEMES)[number];

export const SYSTEM_NAME_MAX = 20;

/** Local storage key of the browser-side fields. */
export const LAYOUT_STORAGE_KEY = 'leadradar.layout';

export const LAYOUT_SETTINGS_MESSAGES = {
  themeInvalid: '主题风格只能是混合、亮色或暗色',
  layoutInvalid: '导航模式只能是侧边菜单或顶部菜单',
  systemNameRequired: '请输入系统名称',
  systemNameLength: `系统名称最多 ${SYSTEM_NAME_MAX} 个字符`,
  switchInvalid: '开关设置只能是开或关',
} as const;

/** The fields kept per user on the server. */
export type ServerLayoutSettings = {
  layout: LayoutMode;
  theme: WorkspaceTheme;
  systemName: string;
  /** Show the top bar's 我的工作台 entry (the workbench is always the signed-in home). */
  navigatorWorkbench: boolean;
};

/** What a save may change: any of the server fields, each validated. */
export type ServerLayoutSettingsPatch = Partial<ServerLayoutSettings>;

/** The fields remembered in this browser. */
export type LocalLayoutSettings = {
  /** Side menu expanded. */
  open: boolean;
  fixHeader: boolean;
  tagShow: boolean;
};

export type LayoutSettings = LocalLayoutSettings & ServerLayoutSettings;

export const DEFAULT_LOCAL_LAYOUT_SETTINGS: LocalLayoutSettings = {
  open: true,
  fixHeader: true,
  tagShow: true,
};

export const DEFAULT_SERVER_LAYOUT_SETTINGS: ServerLayoutSettings = {
  layout: 'inline',
  theme: 'mixins',
  systemName: PRODUCT_NAME,
  navigatorWorkbench: true,
};

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  ...DEFAULT_LOCAL_LAYOUT_SETTINGS,
  ...DEFAULT_SERVER_LAYOUT_SETTINGS,
};

const LOCAL_FIELDS = Object.keys(DEFAULT_LOCAL_LAYOUT_SETTINGS) as (keyof LocalLayoutSettings)[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (v: unknown): T | undefined =>
    values.includes(v as T) ? (v as T) : undefined;
const aSwitch = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

/** The name as saved: trimmed, 1 to SYSTEM_NAME_MAX characters. */
export function readSystemName(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const name = v.trim();
  return name.length >= 1 && name.length <= SYSTEM_NAME_MAX ? name : undefined;
}

type Readers<T> = { [K in keyof T]: (v: unknown) => T[K] | undefined };

/** Each field's rule for reading: its value when valid, else undefined (the schemas' rules). */
export const SERVER_FIELD_READERS: Readers<ServerLayoutSettings> = {
  layout: oneOf(LAYOUT_MODES),
  theme: oneOf(WORKSPACE_THEMES),
  systemName: readSystemName,
  navigatorWorkbench: aSwitch,
};
export const LOCAL_FIELD_READERS: Readers<LocalLayoutSettings> = {
  open: aSwitch,
  fixHeader: aSwitch,
  tagShow: aSwitch,
};

/** Each field of `input` that passes its rule, the default for every other one. */
function validFields<T extends object>(readers: Readers<T>, defaults: T, input: unknown): T {
  const source: Record<string, unknown> = isRecord(input) ? input : {};
  const out = { ...defaults } as Record<string, unknown>;
  for (const [key, read] of Object.entries(readers) as [string, (v: unknown) => unknown][]) {
    const value = read(source[key]);
    if (value !== undefined) out[key] = value;
  }
  return out as T;
}

/** The server fields of anything (a stored row, an answer): invalid ones become their default. */
export function serverSettingsFrom(input: unknown): ServerLayoutSettings {
  return validFields(SERVER_FIELD_READERS, DEFAULT_SERVER_LAYOUT_SETTINGS, input);
}

/** The local fields of anything: invalid ones become their default. */
export function localSettingsFrom(input: unknown): LocalLayoutSettings {
  return validFields(LOCAL_FIELD_READERS, DEFAULT_LOCAL_LAYOUT_SETTINGS, input);
}

/** What local storage holds under LAYOUT_STORAGE_KEY; nothing or bad JSON gives the defaults. */
export function parseLocalSettings(raw: string | null): LocalLayoutSettings {
  if (raw === null) return { ...DEFAULT_LOCAL_LAYOUT_SETTINGS };
  try {
    return localSettingsFrom(JSON.parse(raw));
  } catch {
    return { ...DEFAULT_LOCAL_LAYOUT_SETTINGS };
  }
}

/** What is written to local storage: only the local fields. */
export function serializeLocalSettings(local: LocalLayoutSettings): string {
  return JSON.stringify(localSettingsFrom(local));
}

/** The settings in effect: local fields from this browser, the rest from the server (or default). */
export function mergeSettings(local: unknown, server: unknown): LayoutSettings {
  return { ...localSettingsFrom(local), ...serverSettingsFrom(server) };
}

/** Splits a change into what this browser remembers and what is saved on the server. */
export function splitSettingsPatch(patch: Partial<LayoutSettings>): {
  local: Partial<LocalLayoutSettings>;
  server: ServerLayoutSettingsPatch;
} {
  const local: Partial<LocalLayoutSettings> = {};
  const server: ServerLayoutSettingsPatch = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if ((LOCAL_FIELDS as string[]).includes(key)) Object.assign(local, { [key]: value });
    else if (key in DEFAULT_SERVER_LAYOUT_SETTINGS) Object.assign(server, { [key]: value });
  }
  return { local, server };
}
