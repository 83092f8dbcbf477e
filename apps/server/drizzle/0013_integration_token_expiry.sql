ALTER TABLE "integration_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- Disconnecting now revokes a company's API tokens; revoke those of companies disconnected before.
UPDATE "integration_tokens" SET "revoked_at" = now() WHERE "revoked_at" IS NULL AND "client_company_id" IN (SELECT "pk" FROM "client_companies" WHERE "connection_state" = 'DISCONNECTED');
