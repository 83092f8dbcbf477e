ALTER TABLE "transactions" ADD COLUMN "correction_date" date;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "correction_external_id" text;