CREATE TABLE "dispatch_counts" (
	"classification" text PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counts" (
	"classification" text NOT NULL,
	"status" text NOT NULL,
	"marked_to" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "receipt_counts_classification_status_marked_to_pk" PRIMARY KEY("classification","status","marked_to")
);
--> statement-breakpoint
DROP INDEX "dispatches_register_idx";--> statement-breakpoint
DROP INDEX "receipts_register_idx";--> statement-breakpoint
CREATE INDEX "dispatches_restricted_idx" ON "dispatches" USING btree ("seq") WHERE "dispatches"."classification" <> 'normal';--> statement-breakpoint
CREATE INDEX "dispatches_register_idx" ON "dispatches" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "receipts_register_idx" ON "receipts" USING btree ("seq");--> statement-breakpoint
-- Keep receipt_counts and dispatch_counts exact as 0005 keeps task_counts: one statement-level
-- trigger per kind of write over the statement's transition tables, each path one upsert in
-- key order, so concurrent writers lock the counters in the same order. An unmarked receipt
-- counts under marked_to ''.
CREATE FUNCTION "receipt_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "receipt_counts" AS c ("classification", "status", "marked_to", "total")
      SELECT "classification", "status", "marked_to", sum("delta") FROM (
        SELECT "classification", "status", coalesce("marked_to", '') AS "marked_to", 1 AS "delta" FROM "new_rows"
      ) AS "changes"
      GROUP BY 1, 2, 3 HAVING sum("delta") <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("classification", "status", "marked_to") DO UPDATE SET "total" = c."total" + excluded."total";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "receipt_counts" AS c ("classification", "status", "marked_to", "total")
      SELECT "classification", "status", "marked_to", sum("delta") FROM (
        SELECT "classification", "status", coalesce("marked_to", '') AS "marked_to", -1 AS "delta" FROM "old_rows"
      ) AS "changes"
      GROUP BY 1, 2, 3 HAVING sum("delta") <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("classification", "status", "marked_to") DO UPDATE SET "total" = c."total" + excluded."total";
  ELSE
    INSERT INTO "receipt_counts" AS c ("classification", "status", "marked_to", "total")
      SELECT "classification", "status", "marked_to", sum("delta") FROM (
        SELECT "classification", "status", coalesce("marked_to", '') AS "marked_to", 1 AS "delta" FROM "new_rows"
        UNION ALL
        SELECT "classification", "status", coalesce("marked_to", '') AS "marked_to", -1 AS "delta" FROM "old_rows"
      ) AS "changes"
      GROUP BY 1, 2, 3 HAVING sum("delta") <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("classification", "status", "marked_to") DO UPDATE SET "total" = c."total" + excluded."total";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "dispatch_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "dispatch_counts" AS c ("classification", "total")
      SELECT "classification", sum("delta") FROM (
        SELECT "classification", 1 AS "delta" FROM "new_rows"
      ) AS "changes"
      GROUP BY 1 HAVING sum("delta") <> 0 ORDER BY 1
      ON CONFLICT ("classification") DO UPDATE SET "total" = c."total" + excluded."total";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "dispatch_counts" AS c ("classification", "total")
      SELECT "classification", sum("delta") FROM (
        SELECT "classification", -1 AS "delta" FROM "old_rows"
      ) AS "changes"
      GROUP BY 1 HAVING sum("delta") <> 0 ORDER BY 1
      ON CONFLICT ("classification") DO UPDATE SET "total" = c."total" + excluded."total";
  ELSE
    INSERT INTO "dispatch_counts" AS c ("classification", "total")
      SELECT "classification", sum("delta") FROM (
        SELECT "classification", 1 AS "delta" FROM "new_rows"
        UNION ALL
        SELECT "classification", -1 AS "delta" FROM "old_rows"
      ) AS "changes"
      GROUP BY 1 HAVING sum("delta") <> 0 ORDER BY 1
      ON CONFLICT ("classification") DO UPDATE SET "total" = c."total" + excluded."total";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "receipt_counts" ("classification", "status", "marked_to", "total")
  SELECT "classification", "status", coalesce("marked_to", ''), count(*) FROM "receipts"
  GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "dispatch_counts" ("classification", "total")
  SELECT "classification", count(*) FROM "dispatches" GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER "receipt_counts_insert" AFTER INSERT ON "receipts"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "receipt_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "receipt_counts_update" AFTER UPDATE ON "receipts"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "receipt_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "receipt_counts_delete" AFTER DELETE ON "receipts"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "receipt_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "dispatch_counts_insert" AFTER INSERT ON "dispatches"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "dispatch_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "dispatch_counts_update" AFTER UPDATE ON "dispatches"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "dispatch_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "dispatch_counts_delete" AFTER DELETE ON "dispatches"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "dispatch_counts_apply"();
