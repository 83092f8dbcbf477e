CREATE TYPE "public"."receipt_match_state" AS ENUM('SUGGESTED', 'ACCEPTED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."receipt_read_state" AS ENUM('PENDING', 'READ', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."receipt_source" AS ENUM('WEB', 'EMAIL', 'SMS');--> statement-breakpoint
CREATE TABLE "receipt_matches" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipt_matches_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"receipt_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"score" real NOT NULL,
	"parts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" "receipt_match_state" DEFAULT 'SUGGESTED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipts_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"client_company_id" integer,
	"uploaded_by" integer,
	"file_id" integer NOT NULL,
	"status" "transaction_status" DEFAULT 'READY' NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"source" "receipt_source" NOT NULL,
	"read_state" "receipt_read_state" DEFAULT 'PENDING' NOT NULL,
	"vendor" text,
	"vendor_confidence" real,
	"vendor_edited" boolean DEFAULT false NOT NULL,
	"receipt_date" date,
	"date_confidence" real,
	"date_edited" boolean DEFAULT false NOT NULL,
	"total" numeric(14, 2),
	"total_confidence" real,
	"total_edited" boolean DEFAULT false NOT NULL,
	"currency" text,
	"currency_confidence" real,
	"currency_edited" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"thumbnail_file_id" integer,
	"duplicate_of_id" integer,
	"transaction_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "receipts_token" text;--> statement-breakpoint
ALTER TABLE "receipt_matches" ADD CONSTRAINT "receipt_matches_receipt_id_receipts_pk_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_matches" ADD CONSTRAINT "receipt_matches_transaction_id_transactions_pk_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_uploaded_by_users_pk_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_file_id_files_pk_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_thumbnail_file_id_files_pk_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."files"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_duplicate_of_id_receipts_pk_fk" FOREIGN KEY ("duplicate_of_id") REFERENCES "public"."receipts"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_transaction_id_transactions_pk_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_matches_pair_unique" ON "receipt_matches" USING btree ("receipt_id","transaction_id");--> statement-breakpoint
CREATE INDEX "receipt_matches_transaction_idx" ON "receipt_matches" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "receipts_company_list_idx" ON "receipts" USING btree ("client_company_id","is_hidden","status","created_at");--> statement-breakpoint
CREATE INDEX "receipts_firm_inbox_idx" ON "receipts" USING btree ("firm_id","created_at") WHERE "receipts"."client_company_id" is null;--> statement-breakpoint
CREATE INDEX "receipts_file_idx" ON "receipts" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "receipts_transaction_idx" ON "receipts" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "files_company_sha256_idx" ON "files" USING btree ("client_company_id","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "users_receipts_token_unique" ON "users" USING btree ("receipts_token");