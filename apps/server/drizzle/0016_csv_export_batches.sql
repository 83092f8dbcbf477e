CREATE TABLE "csv_export_batch_transactions" (
	"batch_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "csv_export_batch_transactions_batch_id_transaction_id_pk" PRIMARY KEY("batch_id","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "csv_export_batches" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "csv_export_batches_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_company_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date_from" date,
	"date_to" date,
	"status" "transaction_status",
	"only_new" boolean NOT NULL,
	"transaction_count" integer NOT NULL,
	"line_count" integer NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "csv_export_batch_transactions" ADD CONSTRAINT "csv_export_batch_transactions_batch_id_csv_export_batches_pk_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."csv_export_batches"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csv_export_batch_transactions" ADD CONSTRAINT "csv_export_batch_transactions_transaction_id_transactions_pk_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csv_export_batches" ADD CONSTRAINT "csv_export_batches_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csv_export_batches" ADD CONSTRAINT "csv_export_batches_created_by_users_pk_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "csv_export_batch_transactions_transaction_idx" ON "csv_export_batch_transactions" USING btree ("transaction_id","published_at");--> statement-breakpoint
CREATE INDEX "csv_export_batches_company_idx" ON "csv_export_batches" USING btree ("client_company_id","created_at");