ALTER TABLE "engagement_decisions" ADD COLUMN "task_due_date" date;--> statement-breakpoint
-- As 0021 keeps the task's status, with its due date beside it (the functions keep their names).
CREATE OR REPLACE FUNCTION "decision_task_status_take"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- No task (or none found): both null, as SELECT INTO leaves them.
  SELECT "status", "due_date" INTO NEW."task_status", NEW."task_due_date"
    FROM "tasks" WHERE "id" = NEW."task_id";
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "decision_task_status_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "engagement_decisions" AS d SET "task_status" = n."status", "task_due_date" = n."due_date"
    FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id"
    WHERE d."task_id" = n."id"
      AND (n."status", n."due_date") IS DISTINCT FROM (o."status", o."due_date");
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE "engagement_decisions" AS d SET "task_due_date" = t."due_date"
  FROM "tasks" AS t WHERE t."id" = d."task_id";
