ALTER TABLE "client_companies" ALTER COLUMN "reminder_schedule" SET DEFAULT '{"enabled":true,"weekdays":null}'::jsonb;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "last_reminder_date" date;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "unanswered_reminders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "reminder_escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "reminder_weekday" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "reminder_escalate_after" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
-- The old interval in days gives way to weekdays: every company keeps whether it was reminded at all, on the firm's day.
UPDATE "client_companies" SET "reminder_schedule" = jsonb_build_object('enabled', coalesce(("reminder_schedule"->>'enabled')::boolean, true), 'weekdays', null);
