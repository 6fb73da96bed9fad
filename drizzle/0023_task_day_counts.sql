CREATE TABLE "task_day_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"opened" integer NOT NULL,
	"completed" integer NOT NULL,
	"overdue_change" integer NOT NULL
);
--> statement-breakpoint
-- The counters of 0005, 0019 and 0020 as they were, then the department's day.
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
  -- Then the department's day (the Pendency page's trend): each signed row's assign date
  -- (opened), completion date (completed), and the span it is overdue: from the day after its
  -- due date, not before its assign date, until its completion date (open: no end).
  EXECUTE format($upsert$
    INSERT INTO "task_day_counts" AS c ("day", "opened", "completed", "overdue_change")
    SELECT "d"."day", sum("d"."opened")::int, sum("d"."completed")::int,
      sum("d"."overdue_change")::int
    FROM (%s) AS "changes"
    CROSS JOIN LATERAL (
      SELECT greatest("assign_date", "due_date" + 1) AS "overdue_from",
        CASE WHEN "status" = 'completed' THEN "completion_date" END AS "completed_on"
    ) AS "t"
    CROSS JOIN LATERAL (VALUES
      ("assign_date", "sign", 0, 0),
      ("t"."completed_on", 0, "sign", 0),
      (CASE WHEN "status" <> 'completed' OR "t"."completed_on" > "t"."overdue_from"
        THEN "t"."overdue_from" END, 0, 0, "sign"),
      (CASE WHEN "t"."completed_on" > "t"."overdue_from" THEN "t"."completed_on" END, 0, 0, -"sign")
    ) AS "d" ("day", "opened", "completed", "overdue_change")
    WHERE "d"."day" IS NOT NULL
    GROUP BY 1
    HAVING (sum("d"."opened"), sum("d"."completed"), sum("d"."overdue_change")) <> (0, 0, 0)
    ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET
      "opened" = c."opened" + excluded."opened",
      "completed" = c."completed" + excluded."completed",
      "overdue_change" = c."overdue_change" + excluded."overdue_change"
  $upsert$, changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "task_day_counts" ("day", "opened", "completed", "overdue_change")
  SELECT "d"."day", sum("d"."opened"), sum("d"."completed"), sum("d"."overdue_change")
  FROM "tasks"
  CROSS JOIN LATERAL (
    SELECT greatest("assign_date", "due_date" + 1) AS "overdue_from",
      CASE WHEN "status" = 'completed' THEN "completion_date" END AS "completed_on"
  ) AS "t"
  CROSS JOIN LATERAL (VALUES
    ("assign_date", 1, 0, 0),
    ("t"."completed_on", 0, 1, 0),
    (CASE WHEN "status" <> 'completed' OR "t"."completed_on" > "t"."overdue_from"
      THEN "t"."overdue_from" END, 0, 0, 1),
    (CASE WHEN "t"."completed_on" > "t"."overdue_from" THEN "t"."completed_on" END, 0, 0, -1)
  ) AS "d" ("day", "opened", "completed", "overdue_change")
  WHERE "d"."day" IS NOT NULL
  GROUP BY 1;
