ALTER TABLE "ledger_connections" ADD COLUMN "next_pull_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_connections" ADD COLUMN "pull_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_connections" ADD COLUMN "last_scheduled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ledger_connections_next_pull_idx" ON "ledger_connections" USING btree ("next_pull_at");