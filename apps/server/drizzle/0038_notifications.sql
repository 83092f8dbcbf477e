CREATE TYPE "public"."notification_kind" AS ENUM('TRANSACTIONS_ANSWERED', 'NOTE', 'REQUEST_CREATED', 'REQUEST_ANSWERED', 'RECEIPT_ARRIVED', 'RECEIPT_MATCHED', 'SYNC_ERROR', 'LEDGER_REAUTH');--> statement-breakpoint
CREATE TYPE "public"."notification_target" AS ENUM('TRANSACTION', 'RECEIPT', 'COMMUNICATION', 'CLIENT_COMPANY', 'ACCOUNTANT_COMPANY');--> statement-breakpoint
CREATE TABLE "notifications" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"target_type" "notification_target" NOT NULL,
	"target_pk" integer NOT NULL,
	"client_company_id" integer,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_pk_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_list_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"pk" DESC NULLS LAST) WHERE "notifications"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null and "notifications"."hidden_at" is null;