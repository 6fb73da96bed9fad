DROP INDEX "tasks_assign_date_idx";--> statement-breakpoint
CREATE INDEX "tasks_assign_date_idx" ON "tasks" USING btree ("assign_date","assigned_to","status","due_date","completion_date");