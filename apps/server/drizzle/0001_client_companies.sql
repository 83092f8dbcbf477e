CREATE TYPE "public"."connection_state" AS ENUM('CONNECTED', 'NEEDS_REAUTH', 'DISCONNECTED');--> statement-breakpoint
CREATE TABLE "client_company_assignments" (
	"client_company_id" integer NOT NULL,
	"firm_member_id" integer NOT NULL,
	CONSTRAINT "client_company_assignments_client_company_id_firm_member_id_pk" PRIMARY KEY("client_company_id","firm_member_id")
);
--> statement-breakpoint
DROP INDEX "client_companies_firm_idx";--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "connection_state" "connection_state" DEFAULT 'CONNECTED' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "client_editable_fields" text[] DEFAULT '{"category","vendor","customer","class","location","tax","tracking_option_one","tracking_option_two","billable","memo","split","attachments"}' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "reminder_schedule" jsonb DEFAULT '{"enabled":true,"every_days":7}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "pinned_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "client_company_assignments" ADD CONSTRAINT "client_company_assignments_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_company_assignments" ADD CONSTRAINT "client_company_assignments_firm_member_id_firm_members_pk_fk" FOREIGN KEY ("firm_member_id") REFERENCES "public"."firm_members"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignments_member_idx" ON "client_company_assignments" USING btree ("firm_member_id");--> statement-breakpoint
CREATE INDEX "client_companies_firm_idx" ON "client_companies" USING btree ("firm_id","name");