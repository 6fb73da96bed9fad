CREATE TABLE "task_counts" (
	"assigned_to" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "task_counts_assigned_to_status_pk" PRIMARY KEY("assigned_to","status")
);
--> statement-breakpoint
ALTER TABLE "task_counts" ADD CONSTRAINT "task_counts_assigned_to_user_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps task_counts exact: one statement-level trigger per kind of write, reading the statement's
-- transition tables, so a bulk write (seed, overdue sweep, hand-over) updates each counter once.
-- Every path is one upsert ordered by its key, so concurrent writers lock counters in the same
-- order and cannot deadlock on them.
CREATE FUNCTION "task_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "task_counts" AS c ("assigned_to", "status", "total")
      SELECT "assigned_to", "status", count(*) FROM "new_rows"
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("assigned_to", "status") DO UPDATE SET "total" = c."total" + excluded."total";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "task_counts" AS c ("assigned_to", "status", "total")
      SELECT "assigned_to", "status", -count(*) FROM "old_rows"
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("assigned_to", "status") DO UPDATE SET "total" = c."total" + excluded."total";
  ELSE
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
INSERT INTO "task_counts" ("assigned_to", "status", "total")
  SELECT "assigned_to", "status", count(*) FROM "tasks" GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER "task_counts_insert" AFTER INSERT ON "tasks"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "task_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "task_counts_update" AFTER UPDATE ON "tasks"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "task_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "task_counts_delete" AFTER DELETE ON "tasks"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "task_counts_apply"();
