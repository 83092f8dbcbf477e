CREATE TABLE "ledger_history" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_history_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"client_company_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"line_number" smallint NOT NULL,
	"date" date NOT NULL,
	"payee" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"merchant_key" text NOT NULL,
	"deposit" boolean NOT NULL,
	"category_id" integer NOT NULL,
	"vendor_id" integer,
	"customer_id" integer,
	"class_id" integer,
	"pulled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_history" ADD CONSTRAINT "ledger_history_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_history" ADD CONSTRAINT "ledger_history_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_history" ADD CONSTRAINT "ledger_history_category_id_ledger_accounts_pk_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ledger_accounts"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_history" ADD CONSTRAINT "ledger_history_vendor_id_ledger_refs_pk_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_history" ADD CONSTRAINT "ledger_history_customer_id_ledger_refs_pk_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_history" ADD CONSTRAINT "ledger_history_class_id_ledger_refs_pk_fk" FOREIGN KEY ("class_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_history_company_external_line_unique" ON "ledger_history" USING btree ("client_company_id","external_id","line_number");--> statement-breakpoint
CREATE INDEX "ledger_history_company_merchant_idx" ON "ledger_history" USING btree ("client_company_id","merchant_key","deposit","date");