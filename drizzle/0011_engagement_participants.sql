CREATE TABLE "engagement_participants" (
	"engagement_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "engagement_participants_engagement_id_user_id_pk" PRIMARY KEY("engagement_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "engagements" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "engagement_participants" ADD CONSTRAINT "engagement_participants_engagement_id_engagements_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."engagements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_participants" ADD CONSTRAINT "engagement_participants_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagement_participants_user_idx" ON "engagement_participants" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('task_assigned', 'task_unassigned', 'task_due_date_changed', 'task_completed', 'task_progress', 'task_super_overdue', 'digest', 'engagement_created', 'engagement_changed', 'engagement_postponed', 'engagement_cancelled'));