ALTER TABLE "tasks" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Every update moves the row's version, whatever wrote it (an edit, a progress report, an
-- approved extension, the overdue sweep, a hand-over), so an edit opened before any of them
-- is told its values are stale instead of writing them back over the change.
CREATE FUNCTION "bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."version" := OLD."version" + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tasks_bump_version" BEFORE UPDATE ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION "bump_version"();
