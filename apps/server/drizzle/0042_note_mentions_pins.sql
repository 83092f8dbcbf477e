ALTER TYPE "public"."notification_kind" ADD VALUE 'NOTE_MENTION' BEFORE 'REQUEST_CREATED';--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "mentioned_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "notes_one_pinned_per_company" ON "notes" USING btree ("client_company_id") WHERE "notes"."pinned_at" is not null;