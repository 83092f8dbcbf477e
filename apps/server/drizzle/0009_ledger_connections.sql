DROP INDEX "ledger_connections_provider_external_unique";--> statement-breakpoint
CREATE INDEX "ledger_connections_realm_idx" ON "ledger_connections" USING btree ("provider","external_company_id");