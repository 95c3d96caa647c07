-- Issue 37 item 5: a refresh token used up on one instance may arrive again from a straggling
-- request on another instance within seconds. The rotation keeps the token that replaced it,
-- sealed with the session secret, so such a straggler gets the same pair instead of ending the
-- session as a stolen copy (ADR 0210). Cleared once the grace window is over.
ALTER TABLE "refresh_token_rotations" ADD COLUMN "next_token_sealed" text;
