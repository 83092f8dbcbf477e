CREATE TABLE "review_findings" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_findings_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"client_company_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"check" text NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"reason" text NOT NULL,
	"question" text NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_by" integer,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "review_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_findings" ADD CONSTRAINT "review_findings_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_findings" ADD CONSTRAINT "review_findings_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_findings" ADD CONSTRAINT "review_findings_transaction_id_transactions_pk_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_findings" ADD CONSTRAINT "review_findings_dismissed_by_users_pk_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_findings_company_transaction_check_unique" ON "review_findings" USING btree ("client_company_id","transaction_id","check");--> statement-breakpoint
CREATE INDEX "review_findings_company_state_idx" ON "review_findings" USING btree ("client_company_id","state","found_at");