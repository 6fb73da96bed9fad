CREATE TABLE "deleted_restricted_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The restricted tasks deleted before this table kept them: those a Confidential or Secret
-- receipt carried, as the receipt's trail names them, and deleted as the task's trail says.
INSERT INTO "deleted_restricted_tasks" ("id", "deleted_at")
SELECT d."entity_id"::uuid, max(d."at")
FROM "audit_events" d
JOIN (
  SELECT DISTINCT r."changes" -> 'task' ->> 'after' AS "task_id"
  FROM "receipts" c
  JOIN "audit_events" r ON r."entity" = 'receipt' AND r."entity_id" = c."id"::text
  WHERE c."classification" <> 'normal'
) carried ON carried."task_id" = d."entity_id"
WHERE d."entity" = 'task' AND d."action" = 'deleted'
  AND NOT EXISTS (SELECT 1 FROM "tasks" t WHERE t."id"::text = d."entity_id")
GROUP BY d."entity_id";
