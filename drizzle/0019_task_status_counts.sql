CREATE TABLE "task_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
-- The department's counters move with each person's, in the same statement triggers, first and
-- in status order (as task_counts goes in its key order), so two statements always lock them
-- in the same order.
CREATE OR REPLACE FUNCTION "task_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "task_status_counts" ("status", "total")
  SELECT "status", count(*) FROM "tasks" GROUP BY 1;
