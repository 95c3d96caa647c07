-- Per-user workspace layout settings (个性化配置): navigation mode, theme, system name and whether
-- 我的工作台 opens after login. open, fixHeader and tagShow stay in the browser's local storage.
CREATE TABLE "user_layout_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"layout" text DEFAULT 'inline' NOT NULL,
	"theme" text DEFAULT 'mixins' NOT NULL,
	"system_name" text DEFAULT '拓客雷达' NOT NULL,
	"navigator_workbench" boolean DEFAULT false NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_layout_settings_layout_ck" CHECK ("user_layout_settings"."layout" in ('inline', 'horizontal')),
	CONSTRAINT "user_layout_settings_theme_ck" CHECK ("user_layout_settings"."theme" in ('mixins', 'white', 'dark')),
	CONSTRAINT "user_layout_settings_system_name_ck" CHECK (char_length("user_layout_settings"."system_name") between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "user_layout_settings" ADD CONSTRAINT "user_layout_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
