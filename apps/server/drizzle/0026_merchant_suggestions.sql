CREATE TYPE "public"."suggestion_source" AS ENUM('HISTORY', 'FIRM');--> statement-breakpoint
CREATE TABLE "transaction_suggestions" (
	"transaction_id" integer PRIMARY KEY NOT NULL,
	"client_company_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"vendor_id" integer,
	"customer_id" integer,
	"class_id" integer,
	"source" "suggestion_source" NOT NULL,
	"confidence" real NOT NULL,
	"why" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "merchant_key" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "answered_from_suggestion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_suggestions" ADD CONSTRAINT "transaction_suggestions_transaction_id_transactions_pk_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_suggestions" ADD CONSTRAINT "transaction_suggestions_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_suggestions" ADD CONSTRAINT "transaction_suggestions_category_id_ledger_accounts_pk_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ledger_accounts"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_suggestions" ADD CONSTRAINT "transaction_suggestions_vendor_id_ledger_refs_pk_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_suggestions" ADD CONSTRAINT "transaction_suggestions_customer_id_ledger_refs_pk_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_suggestions" ADD CONSTRAINT "transaction_suggestions_class_id_ledger_refs_pk_fk" FOREIGN KEY ("class_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_suggestions_company_idx" ON "transaction_suggestions" USING btree ("client_company_id");--> statement-breakpoint
CREATE INDEX "transactions_merchant_idx" ON "transactions" USING btree ("merchant_key","client_company_id","status","date") WHERE merchant_key is not null and merchant_key <> '';--> statement-breakpoint
CREATE INDEX "transactions_merchant_missing_idx" ON "transactions" USING btree ("client_company_id") WHERE merchant_key is null;