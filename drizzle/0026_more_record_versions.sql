ALTER TABLE "engagement_decisions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "agenda_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "minutes_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "holidays" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "office_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_views" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Each version moves when what its form shows is written (UPDATE OF: named in the statement's
-- SET, changed or not), not when something beside it is: a decision's task status kept by
-- 0021's triggers, an engagement's invitation sequence, a person's language or sign-in data.
CREATE TRIGGER "user_bump_version" BEFORE UPDATE OF "name", "email", "role" ON "user"
  FOR EACH ROW EXECUTE FUNCTION "bump_version"();
--> statement-breakpoint
CREATE TRIGGER "engagements_bump_version" BEFORE UPDATE OF
  "date", "time", "subject", "venue", "responsibility", "status", "guests", "follow_up_of",
  "original_date", "status_reason" ON "engagements"
  FOR EACH ROW EXECUTE FUNCTION "bump_version"();
--> statement-breakpoint
CREATE FUNCTION "bump_minutes_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."minutes_version" := OLD."minutes_version" + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "engagements_bump_minutes_version" BEFORE UPDATE OF "minutes" ON "engagements"
  FOR EACH ROW EXECUTE FUNCTION "bump_minutes_version"();
--> statement-breakpoint
CREATE TRIGGER "engagement_decisions_bump_version" BEFORE UPDATE OF
  "description", "outcome", "owner_id", "due_date", "agenda_item_id", "reason"
  ON "engagement_decisions"
  FOR EACH ROW EXECUTE FUNCTION "bump_version"();
--> statement-breakpoint
CREATE TRIGGER "saved_views_bump_version" BEFORE UPDATE ON "saved_views"
  FOR EACH ROW EXECUTE FUNCTION "bump_version"();
--> statement-breakpoint
CREATE TRIGGER "holidays_bump_version" BEFORE UPDATE ON "holidays"
  FOR EACH ROW EXECUTE FUNCTION "bump_version"();
--> statement-breakpoint
CREATE TRIGGER "office_settings_bump_version" BEFORE UPDATE ON "office_settings"
  FOR EACH ROW EXECUTE FUNCTION "bump_version"();
