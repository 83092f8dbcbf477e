ALTER TYPE "public"."notification_kind" ADD VALUE 'RULE_PAUSED';--> statement-breakpoint
CREATE TABLE "automation_events" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "automation_events_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"client_company_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"agent" text NOT NULL,
	"rule_id" integer,
	"outcome" text NOT NULL,
	"by_side" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suggestion_rules" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "suggestion_rules" ADD COLUMN "counted_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "automation_events" ADD CONSTRAINT "automation_events_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_events" ADD CONSTRAINT "automation_events_client_company_id_client_companies_pk_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."client_companies"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_events" ADD CONSTRAINT "automation_events_transaction_id_transactions_pk_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_events" ADD CONSTRAINT "automation_events_rule_id_suggestion_rules_pk_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."suggestion_rules"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_events_firm_idx" ON "automation_events" USING btree ("firm_id","agent","rule_id","at");--> statement-breakpoint
CREATE INDEX "automation_events_transaction_idx" ON "automation_events" USING btree ("transaction_id");