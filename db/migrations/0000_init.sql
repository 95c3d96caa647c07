CREATE TABLE "access_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"refresh_token_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"tenant_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint,
	"user_id" bigint,
	"action" text NOT NULL,
	"target" text,
	"detail" jsonb,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_challenges" (
	"token" text PRIMARY KEY NOT NULL,
	"captcha_type" text NOT NULL,
	"secret_key" text NOT NULL,
	"answer" jsonb NOT NULL,
	"client_uid" text,
	"client_ip" text,
	"expires_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	"passed" boolean,
	"verification" text,
	"verification_expires_at" timestamp with time zone,
	"verification_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_nav_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_nav_usage" (
	"user_id" bigint NOT NULL,
	"feature_id" bigint NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"uses" integer DEFAULT 1 NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_nav_usage_user_id_feature_id_pk" PRIMARY KEY("user_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "feature_navs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" bigint NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"path" text NOT NULL,
	"icon" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"external" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint,
	"user_id" bigint,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invitation_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	"invited_user_id" bigint NOT NULL,
	"invited_mobile" text,
	"reward_granted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"inviter_user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"type" smallint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "join_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"mobile" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"invitation_code" text,
	"handled_by" bigint,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"permission" text,
	"path" text,
	"icon" text,
	"component" text,
	"component_name" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"clickable" boolean DEFAULT true NOT NULL,
	"keep_alive" boolean DEFAULT false NOT NULL,
	"platform" smallint DEFAULT 0 NOT NULL,
	"badge" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint,
	"user_id" bigint NOT NULL,
	"template_code" text,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_tickets" (
	"ticket" text PRIMARY KEY NOT NULL,
	"scene" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"openid" text,
	"user_id" bigint,
	"request_user_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"scanned_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"ref_id" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" bigint NOT NULL,
	"tenant_id" bigint,
	"remember" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"client_ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_menus" (
	"role_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL,
	CONSTRAINT "role_menus_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"data_scope" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"scene" smallint NOT NULL,
	"code" text NOT NULL,
	"create_ip" text,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"type" smallint NOT NULL,
	"openid" text NOT NULL,
	"unionid" text,
	"nickname" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_packages" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"monthly_unlock_quota" integer NOT NULL,
	"max_search_results" integer NOT NULL,
	"max_export_rows" integer NOT NULL,
	"price_yuan_per_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enterprise_id" bigint,
	"uncid" text,
	"contact_user_id" bigint,
	"edition" smallint DEFAULT 0 NOT NULL,
	"edition_expires_at" timestamp with time zone,
	"logo" text,
	"approval_required" boolean DEFAULT true NOT NULL,
	"single_session" boolean DEFAULT true NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint,
	"username" text NOT NULL,
	"mobile" text,
	"password_hash" text,
	"nickname" text NOT NULL,
	"avatar" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"dept_name" text,
	"identity" text,
	"industry" text,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"last_login_ip" text,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "clues" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"enterprise_id" bigint,
	"name" text NOT NULL,
	"owner_user_id" bigint NOT NULL,
	"creator_user_id" bigint NOT NULL,
	"source" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"weight" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_annual_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"year" smallint NOT NULL,
	"data" jsonb NOT NULL,
	"published_at" date
);
--> statement-breakpoint
CREATE TABLE "enterprise_branches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"branch_enterprise_id" bigint,
	"name" text NOT NULL,
	"principal" text,
	"region_code" text,
	"establish_date" date,
	"status" text
);
--> statement-breakpoint
CREATE TABLE "enterprise_chain_codes" (
	"enterprise_id" bigint NOT NULL,
	"chain_code" text NOT NULL,
	"chain_name" text NOT NULL,
	"node_name" text NOT NULL,
	CONSTRAINT "enterprise_chain_codes_enterprise_id_chain_code_node_name_pk" PRIMARY KEY("enterprise_id","chain_code","node_name")
);
--> statement-breakpoint
CREATE TABLE "enterprise_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"change_date" date NOT NULL,
	"item" text NOT NULL,
	"before" text,
	"after" text
);
--> statement-breakpoint
CREATE TABLE "enterprise_contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"person_name" text,
	"position" text,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_financing" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"round" text NOT NULL,
	"financing_date" date NOT NULL,
	"amount" text,
	"investors" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_honors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"year" smallint NOT NULL,
	"issuer" text
);
--> statement-breakpoint
CREATE TABLE "enterprise_investments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"investee_enterprise_id" bigint,
	"investee_name" text NOT NULL,
	"ratio" numeric(7, 4),
	"amount" numeric(18, 4),
	"invest_date" date
);
--> statement-breakpoint
CREATE TABLE "enterprise_people" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"name" text NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_shareholders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"holder_type" text NOT NULL,
	"holder_name" text NOT NULL,
	"holder_enterprise_id" bigint,
	"ratio" numeric(7, 4),
	"subscribed_amount" numeric(18, 4),
	"subscribed_date" date
);
--> statement-breakpoint
CREATE TABLE "enterprise_unlocks" (
	"tenant_id" bigint NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_unlocks_tenant_id_enterprise_id_pk" PRIMARY KEY("tenant_id","enterprise_id")
);
--> statement-breakpoint
CREATE TABLE "enterprises" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"former_names" text[] DEFAULT '{}' NOT NULL,
	"brand_words" text[] DEFAULT '{}' NOT NULL,
	"uncid" text NOT NULL,
	"reg_no" text,
	"org_type" text NOT NULL,
	"status" text NOT NULL,
	"legal_person" text NOT NULL,
	"reg_capital" numeric(18, 4),
	"reg_capital_currency" text DEFAULT '人民币' NOT NULL,
	"paid_capital" numeric(18, 4),
	"establish_date" date,
	"approval_date" date,
	"term_start" date,
	"term_end" date,
	"reg_authority" text,
	"province_code" text,
	"city_code" text,
	"district_code" text,
	"address" text,
	"lng" double precision,
	"lat" double precision,
	"industry_section" text,
	"industry_division" text,
	"industry_group" text,
	"industry_class" text,
	"business_scope" text,
	"staff_size" text,
	"insured_count" integer,
	"website" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"listing_info" jsonb,
	"phone_count" smallint DEFAULT 0 NOT NULL,
	"email_count" smallint DEFAULT 0 NOT NULL,
	"weight" real DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"enterprise_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_enterprise_id_pk" PRIMARY KEY("user_id","enterprise_id")
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" smallint NOT NULL,
	"parent_code" text
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" smallint NOT NULL,
	"parent_code" text,
	"lng" double precision,
	"lat" double precision
);
--> statement-breakpoint
CREATE TABLE "search_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"keyword" text,
	"conditions" jsonb,
	"enterprise_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_hash_uq" ON "access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_tokens_refresh_idx" ON "access_tokens" USING btree ("refresh_token_id");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_idx" ON "audit_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_action_idx" ON "audit_logs" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "captcha_verification_idx" ON "captcha_challenges" USING btree ("verification");--> statement-breakpoint
CREATE INDEX "captcha_client_idx" ON "captcha_challenges" USING btree ("client_uid","created_at");--> statement-breakpoint
CREATE INDEX "feature_navs_group_idx" ON "feature_navs" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_uq" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "invitation_records_tenant_idx" ON "invitation_records" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_code_uq" ON "invitations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "invitations_tenant_idx" ON "invitations" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "join_requests_tenant_idx" ON "join_requests" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "join_requests_user_idx" ON "join_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_failures_username_idx" ON "login_failures" USING btree ("username","created_at");--> statement-breakpoint
CREATE INDEX "menus_parent_idx" ON "menus" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "quota_grants_tenant_idx" ON "quota_grants" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_tenant_code_uq" ON "roles" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "sms_codes_mobile_idx" ON "sms_codes" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_idx" ON "sms_codes" USING btree ("create_ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_users_type_openid_uq" ON "social_users" USING btree ("type","openid");--> statement-breakpoint
CREATE INDEX "social_users_user_idx" ON "social_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_name_uq" ON "tenants" USING btree ("name");--> statement-breakpoint
CREATE INDEX "tenants_uncid_idx" ON "tenants" USING btree ("uncid");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "users_tenant_idx" ON "users" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "clues_tenant_idx" ON "clues" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clues_tenant_enterprise_uq" ON "clues" USING btree ("tenant_id","enterprise_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_annual_reports_ent_year_uq" ON "enterprise_annual_reports" USING btree ("enterprise_id","year");--> statement-breakpoint
CREATE INDEX "enterprise_branches_ent_idx" ON "enterprise_branches" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "enterprise_chain_code_idx" ON "enterprise_chain_codes" USING btree ("chain_code");--> statement-breakpoint
CREATE INDEX "enterprise_changes_ent_idx" ON "enterprise_changes" USING btree ("enterprise_id","change_date");--> statement-breakpoint
CREATE INDEX "enterprise_contacts_ent_idx" ON "enterprise_contacts" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "enterprise_financing_ent_idx" ON "enterprise_financing" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "enterprise_honors_ent_idx" ON "enterprise_honors" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "enterprise_investments_ent_idx" ON "enterprise_investments" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "enterprise_investments_investee_idx" ON "enterprise_investments" USING btree ("investee_enterprise_id");--> statement-breakpoint
CREATE INDEX "enterprise_people_ent_idx" ON "enterprise_people" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "enterprise_people_name_idx" ON "enterprise_people" USING btree ("name");--> statement-breakpoint
CREATE INDEX "enterprise_shareholders_ent_idx" ON "enterprise_shareholders" USING btree ("enterprise_id");--> statement-breakpoint
CREATE INDEX "enterprise_shareholders_holder_idx" ON "enterprise_shareholders" USING btree ("holder_enterprise_id");--> statement-breakpoint
CREATE INDEX "enterprise_unlocks_tenant_time_idx" ON "enterprise_unlocks" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprises_uncid_uq" ON "enterprises" USING btree ("uncid");--> statement-breakpoint
CREATE INDEX "favourites_tenant_idx" ON "favourites" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "industries_parent_idx" ON "industries" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "regions_parent_idx" ON "regions" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "search_history_user_idx" ON "search_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "search_templates_user_idx" ON "search_templates" USING btree ("user_id");