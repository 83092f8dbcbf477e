CREATE TYPE "public"."recurrence_frequency" AS ENUM('WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY');--> statement-breakpoint
CREATE TABLE "recurring_occurrences" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurring_occurrences_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"schedule_id" integer NOT NULL,
	"occurrence_date" date NOT NULL,
	"communication_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_schedules" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurring_schedules_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"client_company_id" integer NOT NULL,
	"content" jsonb NOT NULL,
	"due_days" integer,
	"frequency" "recurrence_frequency" NOT NULL,
	"weekdays" text[] DEFAULT '{}'::text[] NOT NULL,
	"day_of_month" smallint,
	"start_date" date NOT NULL,
	"end_date" date,
	"next_occurrence_date" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pending_signups" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_schedule_id_recurring_schedules_pk_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."recurring_schedules"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_communication_id_communications_pk_fk" FOREIGN KEY ("communication_id") REFERENCES "public"."communications"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_schedules" ADD CONSTRAINT "recurring_schedules_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_schedules" ADD CONSTRAINT "recurring_schedules_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_schedules" ADD CONSTRAINT "recurring_schedules_created_by_users_pk_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_occurrences_schedule_date_uq" ON "recurring_occurrences" USING btree ("schedule_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "recurring_schedules_due_idx" ON "recurring_schedules" USING btree ("next_occurrence_date") WHERE "recurring_schedules"."deleted_at" IS NULL AND "recurring_schedules"."next_occurrence_date" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "recurring_schedules_company_idx" ON "recurring_schedules" USING btree ("client_company_id","pk") WHERE "recurring_schedules"."deleted_at" IS NULL;