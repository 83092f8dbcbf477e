CREATE TYPE "public"."communication_file_role" AS ENUM('ATTACHMENT', 'ANSWER', 'W9_FORM');--> statement-breakpoint
CREATE TYPE "public"."communication_item_answer_kind" AS ENUM('TEXT', 'FILES');--> statement-breakpoint
CREATE TYPE "public"."communication_kind" AS ENUM('REPORT', 'REQUEST', 'NOTICE', 'W9');--> statement-breakpoint
CREATE TYPE "public"."w9_tax_classification" AS ENUM('INDIVIDUAL', 'C_CORPORATION', 'S_CORPORATION', 'PARTNERSHIP', 'TRUST_ESTATE', 'LLC_C', 'LLC_S', 'LLC_P', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."w9_tin_kind" AS ENUM('SSN', 'EIN');--> statement-breakpoint
CREATE TABLE "communication_files" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communication_files_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"communication_id" integer NOT NULL,
	"item_id" integer,
	"file_id" integer NOT NULL,
	"role" "communication_file_role" NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communication_items" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communication_items_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"communication_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"answer_kind" "communication_item_answer_kind" NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"answer_text" text DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "communication_w9s" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communication_w9s_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"communication_id" integer NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"business_name" text DEFAULT '' NOT NULL,
	"tax_classification" "w9_tax_classification",
	"address_line" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"tin_kind" "w9_tin_kind",
	"tin_enc" text,
	"tin_last4" text,
	"signed_form_file_id" integer,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communication_w9s_communication_id_unique" UNIQUE("communication_id")
);
--> statement-breakpoint
CREATE TABLE "communications" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communications_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"client_company_id" integer NOT NULL,
	"kind" "communication_kind" NOT NULL,
	"sender" "sender_kind" NOT NULL,
	"author_id" integer,
	"subject" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"w9_vendor" text DEFAULT '' NOT NULL,
	"due_date" date,
	"status" "transaction_status" DEFAULT 'PROCESSING' NOT NULL,
	"status_before_error" "transaction_status",
	"sync_error" text,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"question" text DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"recurring_schedule_id" integer,
	"occurrence_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communication_files" ADD CONSTRAINT "communication_files_communication_id_communications_pk_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_files" ADD CONSTRAINT "communication_files_item_id_communication_items_pk_fk" FOREIGN KEY ("item_id") REFERENCES "public"."communication_items"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_files" ADD CONSTRAINT "communication_files_file_id_files_pk_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_files" ADD CONSTRAINT "communication_files_added_by_users_pk_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_items" ADD CONSTRAINT "communication_items_communication_id_communications_pk_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_w9s" ADD CONSTRAINT "communication_w9s_communication_id_communications_pk_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_w9s" ADD CONSTRAINT "communication_w9s_signed_form_file_id_files_pk_fk" FOREIGN KEY ("signed_form_file_id") REFERENCES "public"."files"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_w9s" ADD CONSTRAINT "communication_w9s_submitted_by_users_pk_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_author_id_users_pk_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_answered_by_users_pk_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communication_files_communication_idx" ON "communication_files" USING btree ("communication_id");--> statement-breakpoint
CREATE INDEX "communication_files_file_idx" ON "communication_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "communication_items_position_unique" ON "communication_items" USING btree ("communication_id","position");--> statement-breakpoint
CREATE INDEX "communications_company_list_idx" ON "communications" USING btree ("client_company_id","is_hidden","status","created_at");--> statement-breakpoint
CREATE INDEX "communications_firm_idx" ON "communications" USING btree ("firm_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "communications_occurrence_unique" ON "communications" USING btree ("recurring_schedule_id","occurrence_date") WHERE "communications"."recurring_schedule_id" is not null;