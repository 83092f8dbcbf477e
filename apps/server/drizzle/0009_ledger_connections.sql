CREATE TYPE "public"."pull_mode" AS ENUM('INCREMENTAL', 'MISSING', 'FULL');--> statement-breakpoint
CREATE TYPE "public"."sync_state" AS ENUM('IDLE', 'QUEUED', 'RUNNING', 'FAILED');--> statement-breakpoint
CREATE TABLE "ledger_connections" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_connections_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_company_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_company_id" text NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"access_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"connected_by" integer,
	"sync_state" "sync_state" DEFAULT 'IDLE' NOT NULL,
	"pull_mode" "pull_mode" DEFAULT 'FULL' NOT NULL,
	"pulled_up_to" timestamp with time zone,
	"pull_progress" jsonb,
	"last_synced_at" timestamp with time zone,
	"last_sync_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_connections" ADD CONSTRAINT "ledger_connections_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_connections" ADD CONSTRAINT "ledger_connections_connected_by_users_pk_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_connections_company_unique" ON "ledger_connections" USING btree ("client_company_id");--> statement-breakpoint
CREATE INDEX "ledger_connections_realm_idx" ON "ledger_connections" USING btree ("provider","external_company_id");