-- The trigram operators the subject indexes use: contrib on PostgreSQL, loaded by openPglite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "dispatches_subject_trgm_idx" ON "dispatches" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "receipts_subject_trgm_idx" ON "receipts" USING gin ("subject" gin_trgm_ops);