ALTER TYPE "public"."notification_kind" ADD VALUE 'CLIENT_CALL_DUE' BEFORE 'REQUEST_DUE';--> statement-breakpoint
ALTER TABLE "client_companies" ALTER COLUMN "reminder_schedule" SET DEFAULT '{"enabled":true,"weekdays":null,"text_after_days":2,"call_after_days":5}'::jsonb;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "unanswered_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "ladder_texted_users" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "ladder_texted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "ladder_call_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "never_text" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every company saved before the ladder climbs it with the defaults (text after 2 days, a call 5 days after that).
UPDATE "client_companies" SET "reminder_schedule" = '{"text_after_days":2,"call_after_days":5}'::jsonb || "reminder_schedule" WHERE NOT "reminder_schedule" ? 'text_after_days';
