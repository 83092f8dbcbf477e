ALTER TYPE "public"."receipt_source" ADD VALUE 'KARBON';--> statement-breakpoint
CREATE TABLE "karbon_imported_files" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "karbon_imported_files_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"receipt_id" integer,
	"refusal" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "karbon_instances" ADD COLUMN "connected_by" integer;--> statement-breakpoint
ALTER TABLE "karbon_mappings" ADD COLUMN "files_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "karbon_imported_files" ADD CONSTRAINT "karbon_imported_files_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "karbon_imported_files_unique" ON "karbon_imported_files" USING btree ("firm_id","file_key");--> statement-breakpoint
ALTER TABLE "karbon_instances" ADD CONSTRAINT "karbon_instances_connected_by_users_pk_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;