DROP TABLE "sign_in_throttle" CASCADE;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "pending_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Sign-in now requires a verified e-mail for self-signed-up accounts; accounts that already exist
-- keep signing in as before.
UPDATE "user" SET "email_verified" = true;
