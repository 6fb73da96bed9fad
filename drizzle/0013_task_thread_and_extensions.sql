CREATE TABLE "task_extension_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"requested_by" text,
	"previous_due_date" date NOT NULL,
	"requested_due_date" date NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_extension_requests_status_check" CHECK ("task_extension_requests"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "task_progress_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"task_id" uuid NOT NULL,
	"author_id" text,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"file_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_progress_entries_kind_check" CHECK ("task_progress_entries"."kind" in ('progress', 'reply'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
DROP INDEX "tasks_assign_date_idx";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "original_due_date" date;--> statement-breakpoint
ALTER TABLE "task_extension_requests" ADD CONSTRAINT "task_extension_requests_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_extension_requests" ADD CONSTRAINT "task_extension_requests_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_extension_requests" ADD CONSTRAINT "task_extension_requests_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_progress_entries" ADD CONSTRAINT "task_progress_entries_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_progress_entries" ADD CONSTRAINT "task_progress_entries_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_extension_requests_one_pending" ON "task_extension_requests" USING btree ("task_id") WHERE "task_extension_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "task_extension_requests_status_idx" ON "task_extension_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "task_extension_requests_task_idx" ON "task_extension_requests" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "task_progress_entries_task_idx" ON "task_progress_entries" USING btree ("task_id","seq");--> statement-breakpoint
CREATE INDEX "tasks_assign_date_idx" ON "tasks" USING btree ("assign_date","assigned_to","status","due_date","completion_date","original_due_date");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('created', 'updated', 'deleted', 'completed', 'remarks_updated', 'uploaded', 'password_changed', 'role_changed', 'approved', 'rejected', 'escalated', 'imported', 'replied', 'extension_requested', 'extension_approved', 'extension_declined'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('mail', 'remove_files'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('task_assigned', 'task_unassigned', 'task_due_date_changed', 'task_completed', 'task_progress', 'task_super_overdue', 'task_reply', 'extension_requested', 'extension_approved', 'extension_declined', 'digest', 'engagement_created', 'engagement_changed', 'engagement_postponed', 'engagement_cancelled'));--> statement-breakpoint
-- Each task's current remarks become the first entry of its thread, by its assignee.
INSERT INTO "task_progress_entries" ("task_id", "author_id", "kind", "body", "created_at")
SELECT "id", "assigned_to", 'progress', "remarks", "updated_at" FROM "tasks"
WHERE "remarks" IS NOT NULL AND length(trim("remarks")) > 0;
