import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './platform';

/**
 * Per-user workspace layout settings (spec 3 "Layout settings"; 个性化配置 drawer). Only the
 * server-kept fields: open, fixHeader and tagShow stay in the browser. A user without a row has
 * the defaults; readers tolerate values no longer offered (lib/shared/workspace/layout-settings.ts).
 */
export const userLayoutSettings = pgTable(
  'user_layout_settings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** inline (side menu) or horizontal (top menu). */
    layout: text('layout').notNull().default('inline'),
    /** mixins, white or dark. */
    theme: text('theme').notNull().default('mixins'),
    systemName: text('system_name').notNull().default('拓客雷达'),
    /** Open 我的工作台 after login. */
    navigatorWorkbench: boolean('navigator_workbench').notNull().default(true),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_layout_settings_layout_ck', sql`${t.layout} in ('inline', 'horizontal')`),
    check('user_layout_settings_theme_ck', sql`${t.theme} in ('mixins', 'white', 'dark')`),
    check(
      'user_layout_settings_system_name_ck',
      sql`char_length(${t.systemName}) between 1 and 20`,
    ),
  ],
);
