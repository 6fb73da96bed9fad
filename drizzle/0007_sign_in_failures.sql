CREATE TABLE "sign_in_failures" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "sign_in_failures_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "sign_in_failures_scope_check" CHECK ("sign_in_failures"."scope" in ('account', 'address', 'account_address'))
);
