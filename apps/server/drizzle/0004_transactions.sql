CREATE TYPE "public"."note_target" AS ENUM('TRANSACTION', 'COMMUNICATION', 'RECEIPT', 'CLIENT_COMPANY', 'ACCOUNTANT_COMPANY');--> statement-breakpoint
CREATE TYPE "public"."sender_kind" AS ENUM('ACCOUNTANT', 'CLIENT');--> statement-breakpoint
CREATE TYPE "public"."ref_kind" AS ENUM('VENDOR', 'CUSTOMER', 'CLASS', 'LOCATION', 'TAX', 'ITEM', 'PAYMENT_METHOD', 'TRACKING_CATEGORY', 'TRACKING_OPTION');--> statement-breakpoint
CREATE TYPE "public"."billable" AS ENUM('BILLABLE', 'NOT_BILLABLE');--> statement-breakpoint
CREATE TYPE "public"."transaction_status" AS ENUM('PROCESSING', 'READY', 'SYNC_ERROR', 'CANCELLED', 'FINISHED_IN_HERD', 'PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM');--> statement-breakpoint
CREATE TYPE "public"."transaction_type" AS ENUM('EXPENSE', 'DEPOSIT', 'BILL');--> statement-breakpoint
CREATE TABLE "notes" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notes_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"client_company_id" integer,
	"target_type" "note_target" NOT NULL,
	"target_pk" integer NOT NULL,
	"author_id" integer,
	"sender_kind" "sender_kind" NOT NULL,
	"body" text NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_refs" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_refs_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_company_id" integer NOT NULL,
	"kind" "ref_kind" NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"rate" text,
	"active" boolean DEFAULT true NOT NULL,
	"raw" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_errors" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sync_errors_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" integer NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"cleared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_attachments" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_attachments_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"ledger_attachment_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_lines" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_lines_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" integer NOT NULL,
	"position" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"vendor_id" integer,
	"customer_id" integer,
	"class_id" integer,
	"location_id" integer,
	"tax_id" integer,
	"tracking_option_one_id" integer,
	"tracking_option_two_id" integer,
	"billable" "billable"
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_company_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"ledger_entity_type" text NOT NULL,
	"type" "transaction_type" NOT NULL,
	"subtype" text NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"payee" text DEFAULT '' NOT NULL,
	"payment_account_id" integer,
	"watched_account_id" integer,
	"status" "transaction_status" DEFAULT 'READY' NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"client_memo" text DEFAULT '' NOT NULL,
	"back_message" text DEFAULT '' NOT NULL,
	"ledger_version" text,
	"categorized_by" integer,
	"categorized_at" timestamp with time zone,
	"published_by" integer,
	"published_at" timestamp with time zone,
	"raw" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_users_pk_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_refs" ADD CONSTRAINT "ledger_refs_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_refs" ADD CONSTRAINT "ledger_refs_parent_id_ledger_refs_pk_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_errors" ADD CONSTRAINT "sync_errors_transaction_id_transactions_pk_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_attachments" ADD CONSTRAINT "transaction_attachments_transaction_id_transactions_pk_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_attachments" ADD CONSTRAINT "transaction_attachments_file_id_files_pk_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_attachments" ADD CONSTRAINT "transaction_attachments_created_by_users_pk_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_transaction_id_transactions_pk_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_category_id_ledger_accounts_pk_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ledger_accounts"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_vendor_id_ledger_refs_pk_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_customer_id_ledger_refs_pk_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_class_id_ledger_refs_pk_fk" FOREIGN KEY ("class_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_location_id_ledger_refs_pk_fk" FOREIGN KEY ("location_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_tax_id_ledger_refs_pk_fk" FOREIGN KEY ("tax_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_tracking_option_one_id_ledger_refs_pk_fk" FOREIGN KEY ("tracking_option_one_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_tracking_option_two_id_ledger_refs_pk_fk" FOREIGN KEY ("tracking_option_two_id") REFERENCES "public"."ledger_refs"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_account_id_ledger_accounts_pk_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."ledger_accounts"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_watched_account_id_ledger_accounts_pk_fk" FOREIGN KEY ("watched_account_id") REFERENCES "public"."ledger_accounts"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_categorized_by_users_pk_fk" FOREIGN KEY ("categorized_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_published_by_users_pk_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_target_idx" ON "notes" USING btree ("target_type","target_pk","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_refs_company_kind_external_unique" ON "ledger_refs" USING btree ("client_company_id","kind","external_id");--> statement-breakpoint
CREATE INDEX "ledger_refs_company_kind_name_idx" ON "ledger_refs" USING btree ("client_company_id","kind","name");--> statement-breakpoint
CREATE INDEX "sync_errors_open_idx" ON "sync_errors" USING btree ("transaction_id") WHERE "sync_errors"."cleared_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_attachments_unique" ON "transaction_attachments" USING btree ("transaction_id","file_id");--> statement-breakpoint
CREATE INDEX "transaction_attachments_file_idx" ON "transaction_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "transaction_lines_transaction_idx" ON "transaction_lines" USING btree ("transaction_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_company_external_unique" ON "transactions" USING btree ("client_company_id","external_id");--> statement-breakpoint
CREATE INDEX "transactions_list_idx" ON "transactions" USING btree ("client_company_id","is_hidden","status","date" DESC NULLS LAST,"pk" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_payment_account_idx" ON "transactions" USING btree ("payment_account_id");