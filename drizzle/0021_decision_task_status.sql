ALTER TABLE "engagement_decisions" ADD COLUMN "task_status" text;--> statement-breakpoint
-- A decision takes its task's status when it is given the task (or loses it: a deleted task
-- sets task_id null through the foreign key, an update that fires this too).
CREATE FUNCTION "decision_task_status_take"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."task_status" := (SELECT "status" FROM "tasks" WHERE "id" = NEW."task_id");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "decision_task_status_take" BEFORE INSERT OR UPDATE OF "task_id"
  ON "engagement_decisions"
  FOR EACH ROW EXECUTE FUNCTION "decision_task_status_take"();
--> statement-breakpoint
-- And follows it: once per statement that changes tasks' statuses, each decision of those tasks.
CREATE FUNCTION "decision_task_status_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "engagement_decisions" AS d SET "task_status" = n."status"
    FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id"
    WHERE d."task_id" = n."id" AND n."status" IS DISTINCT FROM o."status";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "decision_task_status_follow" AFTER UPDATE ON "tasks"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "decision_task_status_follow"();
--> statement-breakpoint
UPDATE "engagement_decisions" AS d SET "task_status" = t."status"
  FROM "tasks" AS t WHERE t."id" = d."task_id";
