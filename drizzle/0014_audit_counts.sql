CREATE TABLE "audit_counts" (
	"entity" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" text DEFAULT '' NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "audit_counts_entity_action_actor_id_pk" PRIMARY KEY("entity","action","actor_id")
);
--> statement-breakpoint
DROP INDEX "audit_events_entity_idx";--> statement-breakpoint
DROP INDEX "audit_events_actor_idx";--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity","entity_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","id" DESC NULLS FIRST);--> statement-breakpoint
-- Keeps audit_counts exact as rows are appended (the trail takes no updates or deletes). Its
-- writers already hold the chain head's lock, so the counters add no waiting of their own.
CREATE FUNCTION "audit_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_counts" AS c ("entity", "action", "actor_id", "total")
    SELECT "entity", "action", coalesce("actor_id", ''), count(*) FROM "new_rows"
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("entity", "action", "actor_id") DO UPDATE SET "total" = c."total" + excluded."total";
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "audit_counts" ("entity", "action", "actor_id", "total")
  SELECT "entity", "action", coalesce("actor_id", ''), count(*) FROM "audit_events" GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER "audit_counts_insert" AFTER INSERT ON "audit_events"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_counts_apply"();
