ALTER TABLE "user" ADD COLUMN "name_shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Two people of one name ("Usman Butt" twice) must be told apart wherever a list or an export
-- names them: each account knows whether its name is shared, so a list reads it with the row
-- instead of counting names per request. Recounted over all accounts after any statement that
-- adds, removes or renames one: a few thousand rows, and accounts change seldom.
CREATE FUNCTION "user_mark_shared_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user" AS u SET "name_shared" = counted.shared
  FROM (
    SELECT lower(btrim("name")) AS key, count(*) > 1 AS shared FROM "user" GROUP BY 1
  ) AS counted
  WHERE lower(btrim(u."name")) = counted.key AND u."name_shared" IS DISTINCT FROM counted.shared;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_shared_names" AFTER INSERT OR DELETE OR UPDATE OF "name" ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_mark_shared_names"();
--> statement-breakpoint
UPDATE "user" AS u SET "name_shared" = true
WHERE (SELECT count(*) FROM "user" AS v WHERE lower(btrim(v."name")) = lower(btrim(u."name"))) > 1;
