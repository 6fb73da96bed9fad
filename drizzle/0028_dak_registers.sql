CREATE TABLE "dispatches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"dispatch_number" text NOT NULL,
	"section" text,
	"dispatched_on" date NOT NULL,
	"addressees" jsonb NOT NULL,
	"subject" text NOT NULL,
	"mode" text NOT NULL,
	"signed_by" text,
	"enclosures" text,
	"receipt_id" uuid,
	"task_id" uuid,
	"classification" text DEFAULT 'normal' NOT NULL,
	"letter_name" text,
	"letter_path" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "dispatches_mode_check" CHECK ("dispatches"."mode" in ('post', 'registered_post', 'courier', 'by_hand', 'email', 'eoffice')),
	CONSTRAINT "dispatches_classification_check" CHECK ("dispatches"."classification" in ('normal', 'confidential', 'secret')),
	CONSTRAINT "dispatches_subject_not_blank" CHECK (length(trim("dispatches"."subject")) > 0)
);
--> statement-breakpoint
CREATE TABLE "receipt_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"file_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"diary_number" text NOT NULL,
	"section" text,
	"received_on" date NOT NULL,
	"mode" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_designation" text,
	"sender_organisation" text,
	"sender_address" text,
	"letter_number" text,
	"letter_date" date,
	"subject" text NOT NULL,
	"category" text NOT NULL,
	"classification" text DEFAULT 'normal' NOT NULL,
	"enclosures" text,
	"remarks" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"task_id" uuid,
	"marked_to" text,
	"mark_purpose" text,
	"mark_remark" text,
	"close_reason" text,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "receipts_mode_check" CHECK ("receipts"."mode" in ('by_hand', 'post', 'courier', 'fax', 'email', 'eoffice')),
	CONSTRAINT "receipts_classification_check" CHECK ("receipts"."classification" in ('normal', 'confidential', 'secret')),
	CONSTRAINT "receipts_status_check" CHECK ("receipts"."status" in ('pending', 'marked', 'closed')),
	CONSTRAINT "receipts_purpose_check" CHECK ("receipts"."mark_purpose" in ('information', 'action', 'comments', 'approval', 'signature')),
	CONSTRAINT "receipts_subject_not_blank" CHECK (length(trim("receipts"."subject")) > 0)
);
--> statement-breakpoint
CREATE TABLE "register_counters" (
	"register" text NOT NULL,
	"scope" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "register_counters_register_scope_year_pk" PRIMARY KEY("register","scope","year"),
	CONSTRAINT "register_counters_register_check" CHECK ("register_counters"."register" in ('diary', 'dispatch'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_entity_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "receipt_issue_duty" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_scans" ADD CONSTRAINT "receipt_scans_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_marked_to_user_id_fk" FOREIGN KEY ("marked_to") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispatches_number_key" ON "dispatches" USING btree ("dispatch_number");--> statement-breakpoint
CREATE INDEX "dispatches_number_pattern_idx" ON "dispatches" USING btree (upper("dispatch_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "dispatches_register_idx" ON "dispatches" USING btree ("seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dispatches_dispatched_on_idx" ON "dispatches" USING btree ("dispatched_on","seq");--> statement-breakpoint
CREATE INDEX "dispatches_receipt_idx" ON "dispatches" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "dispatches_task_idx" ON "dispatches" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_scans_position_key" ON "receipt_scans" USING btree ("receipt_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_diary_number_key" ON "receipts" USING btree ("diary_number");--> statement-breakpoint
CREATE INDEX "receipts_diary_number_pattern_idx" ON "receipts" USING btree (upper("diary_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "receipts_letter_number_idx" ON "receipts" USING btree (upper("letter_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "receipts_register_idx" ON "receipts" USING btree ("seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "receipts_received_on_idx" ON "receipts" USING btree ("received_on","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_task_key" ON "receipts" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "receipts_marked_to_idx" ON "receipts" USING btree ("marked_to","seq");--> statement-breakpoint
CREATE INDEX "tasks_restricted_idx" ON "tasks" USING btree ("assigned_to","status") WHERE "tasks"."restricted";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_entity_check" CHECK ("audit_events"."entity" in ('task', 'response_file', 'engagement', 'decision', 'account', 'settings', 'holiday', 'receipt', 'dispatch'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('created', 'updated', 'deleted', 'completed', 'remarks_updated', 'uploaded', 'password_changed', 'role_changed', 'approved', 'rejected', 'escalated', 'imported', 'replied', 'extension_requested', 'extension_approved', 'extension_declined', 'amended', 'marked', 'linked', 'closed'));--> statement-breakpoint
-- An amendment of a receipt (or dispatch) carries the version it was opened on, as every edit.
CREATE TRIGGER "receipts_bump_version" BEFORE UPDATE ON "receipts"
  FOR EACH ROW EXECUTE FUNCTION "bump_version"();
--> statement-breakpoint
CREATE TRIGGER "dispatches_bump_version" BEFORE UPDATE ON "dispatches"
  FOR EACH ROW EXECUTE FUNCTION "bump_version"();
--> statement-breakpoint
-- Edit Account now shows the Receipt and Issue duty too: an edit opened before the duty was
-- changed is stale.
DROP TRIGGER "user_bump_version" ON "user";
--> statement-breakpoint
CREATE TRIGGER "user_bump_version" BEFORE UPDATE OF "name", "email", "role", "receipt_issue_duty"
  ON "user" FOR EACH ROW EXECUTE FUNCTION "bump_version"();
