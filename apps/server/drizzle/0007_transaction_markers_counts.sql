CREATE TABLE "transaction_counts" (
	"client_company_id" integer NOT NULL,
	"status" "transaction_status" NOT NULL,
	"is_hidden" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "transaction_counts_client_company_id_status_is_hidden_pk" PRIMARY KEY("client_company_id","status","is_hidden")
);
--> statement-breakpoint
DROP INDEX "transactions_list_idx";--> statement-breakpoint
DROP INDEX "transactions_date_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "markers" smallint DEFAULT 64 NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_counts" ADD CONSTRAINT "transaction_counts_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_list_idx" ON "transactions" USING btree ("client_company_id","is_hidden","status","date","pk","markers","amount","type","payment_account_id","watched_account_id");--> statement-breakpoint
CREATE INDEX "transactions_date_idx" ON "transactions" USING btree ("client_company_id","is_hidden","date","pk","status","markers");