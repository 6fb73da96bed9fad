CREATE TABLE "task_markings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"task_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_id" text,
	"from_name" text NOT NULL,
	"to_id" text,
	"to_name" text NOT NULL,
	"purpose" text NOT NULL,
	"issuer_id" text,
	"returns_to" uuid,
	"remark" text,
	"outcome" text,
	"marked_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"pull_back_reason" text,
	"route" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "task_markings_kind_check" CHECK ("task_markings"."kind" in ('assigned', 'marked', 'returned', 'pulled_back')),
	CONSTRAINT "task_markings_purpose_check" CHECK ("task_markings"."purpose" in ('information', 'action', 'comments', 'approval', 'signature')),
	CONSTRAINT "task_markings_outcome_check" CHECK ("task_markings"."outcome" in ('approved', 'approved_with_changes', 'returned_with_comments', 'signed'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "purpose" text DEFAULT 'action' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "marked_by" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "held_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "designation" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "designation_ur" text;--> statement-breakpoint
ALTER TABLE "task_markings" ADD CONSTRAINT "task_markings_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_markings" ADD CONSTRAINT "task_markings_from_id_user_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_markings" ADD CONSTRAINT "task_markings_to_id_user_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_markings" ADD CONSTRAINT "task_markings_issuer_id_user_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_markings_task_idx" ON "task_markings" USING btree ("task_id","seq");--> statement-breakpoint
CREATE INDEX "task_markings_to_idx" ON "task_markings" USING btree ("to_id","marked_at");--> statement-breakpoint
CREATE INDEX "task_markings_ended_idx" ON "task_markings" USING btree ("ended_at","to_id","purpose","marked_at") WHERE "task_markings"."pull_back_reason" is null;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_marked_by_user_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_open_held_idx" ON "tasks" USING btree ("assigned_to","held_since") WHERE "tasks"."status" <> 'completed';--> statement-breakpoint
CREATE INDEX "tasks_marked_by_idx" ON "tasks" USING btree ("marked_by","held_since") WHERE "tasks"."status" <> 'completed';--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('created', 'updated', 'deleted', 'completed', 'remarks_updated', 'uploaded', 'password_changed', 'role_changed', 'approved', 'rejected', 'escalated', 'imported', 'replied', 'extension_requested', 'extension_approved', 'extension_declined', 'amended', 'marked', 'linked', 'closed', 'opened', 'pulled_back', 'returned'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('task_assigned', 'task_unassigned', 'task_due_date_changed', 'task_completed', 'task_progress', 'task_super_overdue', 'task_reply', 'task_marked', 'task_returned', 'task_pulled_back', 'extension_requested', 'extension_approved', 'extension_declined', 'digest', 'daily_brief', 'engagement_created', 'engagement_changed', 'engagement_postponed', 'engagement_cancelled'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_purpose_check" CHECK ("tasks"."purpose" in ('information', 'action', 'comments', 'approval', 'signature'));
--> statement-breakpoint
-- Every task held so far by its assignee since it was made, for the purpose its receipt was
-- marked with (necessary action otherwise), answering to whoever made it: its first holding.
UPDATE "tasks" t SET
  "held_since" = t."created_at",
  "marked_by" = t."created_by",
  "purpose" = coalesce(
    (SELECT r."mark_purpose" FROM "receipts" r WHERE r."task_id" = t."id"), 'action');
--> statement-breakpoint
INSERT INTO "task_markings" ("task_id", "kind", "from_id", "from_name", "to_id", "to_name",
  "purpose", "issuer_id", "marked_at")
SELECT t."id", 'assigned', t."created_by",
  coalesce(nullif(trim(f."name"), ''), f."username", f."email", ''),
  t."assigned_to", coalesce(nullif(trim(a."name"), ''), a."username", a."email", ''),
  t."purpose", t."created_by", t."created_at"
FROM "tasks" t
JOIN "user" a ON a."id" = t."assigned_to"
LEFT JOIN "user" f ON f."id" = t."created_by"
ORDER BY t."created_at", t."id";
