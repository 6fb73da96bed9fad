CREATE TABLE "audit_checkpoint" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "audit_checkpoint_single_row" CHECK ("audit_checkpoint"."id" = 1)
);
