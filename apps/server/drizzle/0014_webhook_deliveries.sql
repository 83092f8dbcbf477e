CREATE TABLE "webhook_deliveries" (
	"provider" text NOT NULL,
	"digest" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_digest_idx" ON "webhook_deliveries" USING btree ("provider","digest");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_received_idx" ON "webhook_deliveries" USING btree ("received_at");