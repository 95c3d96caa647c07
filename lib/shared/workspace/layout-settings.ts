import { z } from 'zod';
import { PRODUCT_NAME } from '@/lib/shared/brand';

/**
 * The workspace layout settings of spec 3 "Layout settings" (the 个性化配置 drawer, spec 2.4):
 * open, fixHeader and tagShow are remembered in this browser; layout, theme, systemName and
 * navigatorWorkbench are kept per user on the server. Reading either side never fails: a value
 * that is missing, malformed or no longer offered (a removed theme) falls back to its default,
 * field by field, so one stale setting does not throw away the others.
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

const M = LAYOUT_SETTINGS_MESSAGES;

export const layoutModeSchema = z.enum(LAYOUT_MODES, { error: M.layoutInvalid });
export const workspaceThemeSchema = z.enum(WORKSPACE_THEMES, { error: M.themeInvalid });
export const systemNameSchema = z
  .string({ error: M.systemNameRequired })
  .trim()
  .min(1, M.systemNameRequired)
  .max(SYSTEM_NAME_MAX, M.systemNameLength);
const switchSchema = z.boolean({ error: M.switchInvalid });

/** The fields kept per user on the server. */
export const serverLayoutSettingsSchema = z.object({
  layout: layoutModeSchema,
  theme: workspaceThemeSchema,
  systemName: systemNameSchema,
  /** Show the top bar's 我的工作台 entry (the workbench is always the signed-in home). */
  navigatorWorkbench: switchSchema,
});
export type ServerLayoutSettings = z.infer<typeof serverLayoutSettingsSchema>;

/** What a save may change: any of the server fields, each validated. */
export const serverLayoutSettingsPatchSchema = serverLayoutSettingsSchema.partial();
export type ServerLayoutSettingsPatch = z.infer<typeof serverLayoutSettingsPatchSchema>;

/** The fields remembered in this browser. */
export const localLayoutSettingsSchema = z.object({
  /** Side menu expanded. */
  open: switchSchema,
  fixHeader: switchSchema,
  tagShow: switchSchema,
});
export type LocalLayoutSettings = z.infer<typeof localLayoutSettingsSchema>;

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

/** Each field of `input` that passes its schema, the default for every other one. */
function validFields<S extends z.ZodObject>(
  schema: S,
  defaults: z.output<S>,
  input: unknown,
): z.output<S> {
  const source = isRecord(input) ? input : {};
  const out: Record<string, unknown> = { ...defaults };
  for (const [key, fieldSchema] of Object.entries(schema.shape)) {
    const parsed = (fieldSchema as z.ZodType).safeParse(source[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as z.output<S>;
}

/** The server fields of anything (a stored row, an answer): invalid ones become their default. */
export function serverSettingsFrom(input: unknown): ServerLayoutSettings {
  return validFields(serverLayoutSettingsSchema, DEFAULT_SERVER_LAYOUT_SETTINGS, input);
}

/** The local fields of anything: invalid ones become their default. */
export function localSettingsFrom(input: unknown): LocalLayoutSettings {
  return validFields(localLayoutSettingsSchema, DEFAULT_LOCAL_LAYOUT_SETTINGS, input);
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
