CREATE TABLE "answer_notices" (
	"client_company_id" integer PRIMARY KEY NOT NULL,
	"firm_id" integer NOT NULL,
	"answers" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_notices" ADD CONSTRAINT "answer_notices_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_notices" ADD CONSTRAINT "answer_notices_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;