-- Refresh tokens rotate on use: a session keeps its refresh_tokens row (new hash each time) and the
-- used hashes are kept here, so presenting one again is recognised as reuse and ends that session.
CREATE TABLE "refresh_token_rotations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"refresh_token_id" bigint NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "refresh_token_rotations_session_idx" ON "refresh_token_rotations" USING btree ("refresh_token_id");
