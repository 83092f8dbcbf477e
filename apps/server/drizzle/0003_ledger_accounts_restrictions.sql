CREATE TYPE "public"."restriction_kind" AS ENUM('PAYMENT_ACCOUNT', 'WATCHED_ACCOUNT');--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_company_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"account_type" text DEFAULT '' NOT NULL,
	"account_subtype" text,
	"is_payment_account" boolean DEFAULT false NOT NULL,
	"is_watched" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"raw" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_account_restrictions" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_account_restrictions_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"kind" "restriction_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account_restrictions" ADD CONSTRAINT "user_account_restrictions_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account_restrictions" ADD CONSTRAINT "user_account_restrictions_user_id_users_pk_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account_restrictions" ADD CONSTRAINT "user_account_restrictions_account_id_ledger_accounts_pk_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_company_external_unique" ON "ledger_accounts" USING btree ("client_company_id","external_id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_company_name_idx" ON "ledger_accounts" USING btree ("client_company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "restrictions_unique" ON "user_account_restrictions" USING btree ("client_company_id","user_id","account_id","kind");--> statement-breakpoint
CREATE INDEX "restrictions_user_company_idx" ON "user_account_restrictions" USING btree ("user_id","client_company_id");