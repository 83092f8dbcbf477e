ALTER TABLE "firm_members" ADD COLUMN "digest_hour" smallint DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "firm_members" ADD COLUMN "digest_time_zone" text;--> statement-breakpoint
ALTER TABLE "firm_members" ADD COLUMN "last_digest_date" date;--> statement-breakpoint
ALTER TABLE "firm_members" ADD COLUMN "last_digest_at" timestamp with time zone;