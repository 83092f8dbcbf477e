ALTER TABLE "transactions" ADD COLUMN "correction_date" date;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "correction_external_id" text;--> statement-breakpoint
CREATE INDEX "transactions_correction_idx" ON "transactions" USING btree ("client_company_id","correction_external_id") WHERE correction_external_id is not null;