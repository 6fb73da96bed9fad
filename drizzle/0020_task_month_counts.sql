CREATE TABLE "task_month_counts" (
	"month" date NOT NULL,
	"assigned_to" text NOT NULL,
	"total" integer NOT NULL,
	"completed" integer NOT NULL,
	"in_progress" integer NOT NULL,
	"delayed" integer NOT NULL,
	"on_time" integer NOT NULL,
	"on_time_original" integer NOT NULL,
	"completed_days" integer NOT NULL,
	"completed_dated" integer NOT NULL,
	CONSTRAINT "task_month_counts_month_assigned_to_pk" PRIMARY KEY("month","assigned_to")
);
--> statement-breakpoint
ALTER TABLE "task_month_counts" ADD CONSTRAINT "task_month_counts_assigned_to_user_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counters of 0005 and 0019 as they were, then each person's month.
CREATE OR REPLACE FUNCTION "task_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "task_status_counts" AS c ("status", "total")
      SELECT "status", count(*) FROM "new_rows"
      GROUP BY 1 ORDER BY 1
      ON CONFLICT ("status") DO UPDATE SET "total" = c."total" + excluded."total";
    INSERT INTO "task_counts" AS c ("assigned_to", "status", "total")
      SELECT "assigned_to", "status", count(*) FROM "new_rows"
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("assigned_to", "status") DO UPDATE SET "total" = c."total" + excluded."total";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "task_status_counts" AS c ("status", "total")
      SELECT "status", -count(*) FROM "old_rows"
      GROUP BY 1 ORDER BY 1
      ON CONFLICT ("status") DO UPDATE SET "total" = c."total" + excluded."total";
    INSERT INTO "task_counts" AS c ("assigned_to", "status", "total")
      SELECT "assigned_to", "status", -count(*) FROM "old_rows"
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("assigned_to", "status") DO UPDATE SET "total" = c."total" + excluded."total";
  ELSE
    INSERT INTO "task_status_counts" AS c ("status", "total")
      SELECT "status", sum("delta") FROM (
        SELECT "status", 1 AS "delta" FROM "new_rows"
        UNION ALL
        SELECT "status", -1 FROM "old_rows"
      ) AS "changes"
      GROUP BY 1 HAVING sum("delta") <> 0 ORDER BY 1
      ON CONFLICT ("status") DO UPDATE SET "total" = c."total" + excluded."total";
    INSERT INTO "task_counts" AS c ("assigned_to", "status", "total")
      SELECT "assigned_to", "status", sum("delta") FROM (
        SELECT "assigned_to", "status", 1 AS "delta" FROM "new_rows"
        UNION ALL
        SELECT "assigned_to", "status", -1 FROM "old_rows"
      ) AS "changes"
      GROUP BY 1, 2 HAVING sum("delta") <> 0 ORDER BY 1, 2
      ON CONFLICT ("assigned_to", "status") DO UPDATE SET "total" = c."total" + excluded."total";
  END IF;
  -- Then each person's month (shared by the report's ranges): every path as the signed rows
  -- of its transition tables, in one upsert ordered by the key, skipping unchanged months.
  -- The measures are the report's, as src/server/db/task-counters.ts counts them from the
  -- tasks (tests/api/task-counts.test.ts holds the two equal).
  changes := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
    ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 FROM old_rows'
  END;
  EXECUTE format($upsert$
    INSERT INTO "task_month_counts" AS c ("month", "assigned_to", "total", "completed",
      "in_progress", "delayed", "on_time", "on_time_original", "completed_days", "completed_dated")
    SELECT * FROM (
      SELECT date_trunc('month', "assign_date"::timestamp)::date AS "month", "assigned_to",
        sum("sign")::int AS "total",
        sum("sign" * ("status" = 'completed')::int)::int AS "completed",
        sum("sign" * ("status" = 'in_progress')::int)::int AS "in_progress",
        sum("sign" * ("status" IN ('delayed', 'super_delayed'))::int)::int AS "delayed",
        sum("sign" * coalesce("status" = 'completed' AND "completion_date" <= "due_date", false)::int)::int AS "on_time",
        sum("sign" * coalesce("status" = 'completed' AND "completion_date" <= coalesce("original_due_date", "due_date"), false)::int)::int AS "on_time_original",
        sum("sign" * CASE WHEN "status" = 'completed' THEN coalesce("completion_date" - "assign_date", 0) ELSE 0 END)::int AS "completed_days",
        sum("sign" * ("status" = 'completed' AND "completion_date" IS NOT NULL)::int)::int AS "completed_dated"
      FROM (%s) AS "changes"
      GROUP BY 1, 2
    ) AS "delta"
    WHERE ("total", "completed", "in_progress", "delayed", "on_time", "on_time_original",
      "completed_days", "completed_dated") <> (0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY 1, 2
    ON CONFLICT ("month", "assigned_to") DO UPDATE SET
      "total" = c."total" + excluded."total",
      "completed" = c."completed" + excluded."completed",
      "in_progress" = c."in_progress" + excluded."in_progress",
      "delayed" = c."delayed" + excluded."delayed",
      "on_time" = c."on_time" + excluded."on_time",
      "on_time_original" = c."on_time_original" + excluded."on_time_original",
      "completed_days" = c."completed_days" + excluded."completed_days",
      "completed_dated" = c."completed_dated" + excluded."completed_dated"
  $upsert$, changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "task_month_counts" ("month", "assigned_to", "total", "completed", "in_progress",
    "delayed", "on_time", "on_time_original", "completed_days", "completed_dated")
  SELECT date_trunc('month', "assign_date"::timestamp)::date, "assigned_to",
    count(*),
    count(*) FILTER (WHERE "status" = 'completed'),
    count(*) FILTER (WHERE "status" = 'in_progress'),
    count(*) FILTER (WHERE "status" IN ('delayed', 'super_delayed')),
    count(*) FILTER (WHERE "status" = 'completed' AND "completion_date" <= "due_date"),
    count(*) FILTER (WHERE "status" = 'completed' AND "completion_date" <= coalesce("original_due_date", "due_date")),
    coalesce(sum("completion_date" - "assign_date") FILTER (WHERE "status" = 'completed'), 0),
    count(*) FILTER (WHERE "status" = 'completed' AND "completion_date" IS NOT NULL)
  FROM "tasks" GROUP BY 1, 2;
