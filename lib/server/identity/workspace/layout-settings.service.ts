import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { userLayoutSettings } from '@/db/schema';
import {
  DEFAULT_SERVER_LAYOUT_SETTINGS,
  serverSettingsFrom,
  type ServerLayoutSettings,
  type ServerLayoutSettingsPatch,
} from '@/lib/shared/workspace/layout-settings';
import { getDb } from '@/lib/server/platform';

const settingColumns = {
  layout: userLayoutSettings.layout,
  theme: userLayoutSettings.theme,
  systemName: userLayoutSettings.systemName,
  navigatorWorkbench: userLayoutSettings.navigatorWorkbench,
};

/** A user's saved layout settings; the defaults when none are saved (or a stored value is stale). */
export async function getUserLayoutSettings(userId: number): Promise<ServerLayoutSettings> {
  const [row] = await getDb()
    .select(settingColumns)
    .from(userLayoutSettings)
    .where(eq(userLayoutSettings.userId, userId))
    .limit(1);
  return serverSettingsFrom(row);
}

/**
 * Saves the given fields (already validated by the contract) and keeps the others: the first save
 * starts from the defaults. Answers the settings now in effect.
 */
export async function updateUserLayoutSettings(
  userId: number,
  patch: ServerLayoutSettingsPatch,
): Promise<ServerLayoutSettings> {
  const changed = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as ServerLayoutSettingsPatch;
  const [row] = await getDb()
    .insert(userLayoutSettings)
    .values({ userId, ...DEFAULT_SERVER_LAYOUT_SETTINGS, ...changed })
    .onConflictDoUpdate({
      target: userLayoutSettings.userId,
      set: { ...changed, updateTime: sql`now()` },
    })
    .returning(settingColumns);
  return serverSettingsFrom(row);
}
