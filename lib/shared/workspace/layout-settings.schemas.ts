import { z } from 'zod';
import {
  LAYOUT_MODES,
  LAYOUT_SETTINGS_MESSAGES,
  SYSTEM_NAME_MAX,
  WORKSPACE_THEMES,
  type LocalLayoutSettings,
  type ServerLayoutSettings,
} from './layout-settings';

/**
 * The schemas of the layout settings (lib/shared/workspace/layout-settings.ts): the API validates a
 * save with them, and the drawer loads them when a member changes a setting, so the workspace
 * shell's first load carries no zod (issue 38).
 */
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
}) satisfies z.ZodType<ServerLayoutSettings>;

/** What a save may change: any of the server fields, each validated. */
export const serverLayoutSettingsPatchSchema = serverLayoutSettingsSchema.partial();

/** The fields remembered in this browser. */
export const localLayoutSettingsSchema = z.object({
  /** Side menu expanded. */
  open: switchSchema,
  fixHeader: switchSchema,
  tagShow: switchSchema,
}) satisfies z.ZodType<LocalLayoutSettings>;
