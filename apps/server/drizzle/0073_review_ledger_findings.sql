ALTER TABLE "review_findings" ALTER COLUMN "transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_history" ADD COLUMN "amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "review_findings" ADD COLUMN "ledger_external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "review_findings_company_ledger_check_unique" ON "review_findings" USING btree ("client_company_id","ledger_external_id","check") WHERE ledger_external_id is not null;--> statement-breakpoint
ALTER TABLE "review_findings" ADD CONSTRAINT "review_findings_one_subject" CHECK ((transaction_id is null) <> (ledger_external_id is null));