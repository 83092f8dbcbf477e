ALTER TYPE "public"."suggestion_source" ADD VALUE 'RULE';--> statement-breakpoint
CREATE TABLE "suggestion_rules" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suggestion_rules_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"client_company_id" integer,
	"match_text" text NOT NULL,
	"category_id" integer,
	"account_name" text,
	"account_type" text,
	"vendor_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"auto_answer" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"times_applied" integer DEFAULT 0 NOT NULL,
	"times_overridden" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "auto_answered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "rule_id" integer;--> statement-breakpoint
ALTER TABLE "transaction_suggestions" ADD COLUMN "rule_id" integer;--> statement-breakpoint
ALTER TABLE "suggestion_rules" ADD CONSTRAINT "suggestion_rules_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_rules" ADD CONSTRAINT "suggestion_rules_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_rules" ADD CONSTRAINT "suggestion_rules_category_id_ledger_accounts_pk_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ledger_accounts"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_rules" ADD CONSTRAINT "suggestion_rules_vendor_id_ledger_refs_pk_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_rules" ADD CONSTRAINT "suggestion_rules_created_by_users_pk_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suggestion_rules_firm_idx" ON "suggestion_rules" USING btree ("firm_id","client_company_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_rule_id_suggestion_rules_pk_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."suggestion_rules"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_suggestions" ADD CONSTRAINT "transaction_suggestions_rule_id_suggestion_rules_pk_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."suggestion_rules"("pk") ON DELETE cascade ON UPDATE no action;