CREATE TYPE "public"."document_kind" AS ENUM('FOLDER', 'FILE');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'DOCUMENTS_ADDED';--> statement-breakpoint
ALTER TYPE "public"."notification_target" ADD VALUE 'DOCUMENT_FOLDER';--> statement-breakpoint
CREATE TABLE "document_year_folders" (
	"client_company_id" integer NOT NULL,
	"year" integer NOT NULL,
	CONSTRAINT "document_year_folders_client_company_id_year_pk" PRIMARY KEY("client_company_id","year")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"client_company_id" integer NOT NULL,
	"parent_id" integer,
	"kind" "document_kind" NOT NULL,
	"name" text NOT NULL,
	"file_id" integer,
	"size" bigint,
	"content_type" text,
	"accountant_only" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"added_by_client" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deletion_id" uuid,
	CONSTRAINT "documents_file_kind" CHECK (("documents"."kind" = 'FILE') = ("documents"."file_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "document_year_folders" ADD CONSTRAINT "document_year_folders_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_parent_id_documents_pk_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."documents"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_files_pk_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_users_pk_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_name_unique" ON "documents" USING btree ("client_company_id",coalesce("parent_id", 0),lower("name")) WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_by_name_idx" ON "documents" USING btree ("client_company_id",coalesce("parent_id", 0),"kind",lower("name"),"pk") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_by_date_idx" ON "documents" USING btree ("client_company_id",coalesce("parent_id", 0),"kind","updated_at","pk") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_deletion_idx" ON "documents" USING btree ("client_company_id","deletion_id") WHERE "documents"."deletion_id" is not null;--> statement-breakpoint
CREATE INDEX "documents_file_idx" ON "documents" USING btree ("file_id");