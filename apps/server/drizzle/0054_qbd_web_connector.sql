CREATE TABLE "web_connector_logins" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_connector_logins_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_company_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"password_hash" text,
	"password_set_at" timestamp with time zone,
	"owner_id" text NOT NULL,
	"file_id" text NOT NULL,
	"company_file_path" text,
	"run_every_minutes" integer DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_connector_runs" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_connector_runs_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_company_id" integer NOT NULL,
	"ticket_hash" text NOT NULL,
	"outcome" text DEFAULT 'RUNNING' NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"company_file" text,
	"last_error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_call_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_connections" ADD COLUMN "reread_pending" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "web_connector_logins" ADD CONSTRAINT "web_connector_logins_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_connector_runs" ADD CONSTRAINT "web_connector_runs_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "web_connector_logins_company_unique" ON "web_connector_logins" USING btree ("client_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "web_connector_logins_user_unique" ON "web_connector_logins" USING btree ("user_name");--> statement-breakpoint
CREATE UNIQUE INDEX "web_connector_runs_ticket_unique" ON "web_connector_runs" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "web_connector_runs_company_idx" ON "web_connector_runs" USING btree ("client_company_id","started_at");