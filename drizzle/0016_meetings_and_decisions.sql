CREATE TABLE "engagement_agenda_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"engagement_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"presenter" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engagement_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"engagement_id" uuid NOT NULL,
	"agenda_item_id" uuid,
	"description" text NOT NULL,
	"outcome" text NOT NULL,
	"owner_id" text,
	"due_date" date,
	"task_id" uuid,
	"reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engagement_decisions_outcome_check" CHECK ("engagement_decisions"."outcome" in ('action', 'regretted', 'noted'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_entity_check";--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "follow_up_of" uuid;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "guests" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "minutes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "original_date" date;--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "engagement_agenda_items" ADD CONSTRAINT "engagement_agenda_items_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_decisions" ADD CONSTRAINT "engagement_decisions_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_decisions" ADD CONSTRAINT "engagement_decisions_agenda_item_id_engagement_agenda_items_id_fk" FOREIGN KEY ("agenda_item_id") REFERENCES "public"."engagement_agenda_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_decisions" ADD CONSTRAINT "engagement_decisions_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_decisions" ADD CONSTRAINT "engagement_decisions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_decisions" ADD CONSTRAINT "engagement_decisions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagement_agenda_items_engagement_idx" ON "engagement_agenda_items" USING btree ("engagement_id","position");--> statement-breakpoint
CREATE INDEX "engagement_decisions_engagement_idx" ON "engagement_decisions" USING btree ("engagement_id","seq");--> statement-breakpoint
CREATE INDEX "engagement_decisions_owner_idx" ON "engagement_decisions" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "engagement_decisions_task_idx" ON "engagement_decisions" USING btree ("task_id");--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_follow_up_of_engagements_id_fk" FOREIGN KEY ("follow_up_of") REFERENCES "public"."engagements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagements_follow_up_of_idx" ON "engagements" USING btree ("follow_up_of");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_entity_check" CHECK ("audit_events"."entity" in ('task', 'response_file', 'engagement', 'decision', 'account', 'settings', 'holiday'));