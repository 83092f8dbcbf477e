CREATE TABLE "request_templates" (
	"pk" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_templates_pk_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firm_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" "communication_kind" NOT NULL,
	"subject" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_templates" ADD CONSTRAINT "request_templates_firm_id_firms_pk_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("pk") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_templates" ADD CONSTRAINT "request_templates_created_by_users_pk_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("pk") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_templates_firm_name_uq" ON "request_templates" USING btree ("firm_id",lower("name"));--> statement-breakpoint
-- Firms that existed before templates get the starter templates a new firm gets (modules/request-templates/starter-templates.ts, as it stood).
INSERT INTO "request_templates" ("firm_id", "name", "kind", "subject", "text", "items")
SELECT f."pk", t."name", t."kind"::"communication_kind", t."subject", t."text", t."items"::jsonb
FROM "firms" f CROSS JOIN (VALUES
  ('Monthly bank statements', 'REQUEST', 'Bank statements for last month', 'Please upload last month’s statement for each of your bank and credit card accounts (PDF from your bank’s website is best).', '[{"label":"Statement for each bank and credit card account","answer_kind":"FILES","required":true}]'),
  ('Year-end checklist', 'REQUEST', 'Year-end documents', 'To close your books for the year and prepare your 1099s, we need the following. Answer what you can now; you can come back for the rest.', '[{"label":"Contractors and vendors you paid this year who may need a 1099: names, addresses and totals","answer_kind":"TEXT","required":true},{"label":"Year-end payroll reports (W-2 and W-3 summaries, 941s)","answer_kind":"FILES","required":true},{"label":"December statements for every loan and line of credit","answer_kind":"FILES","required":true},{"label":"Invoices for equipment, vehicles or other assets bought this year","answer_kind":"FILES","required":false},{"label":"Year-end inventory count, if you keep inventory","answer_kind":"FILES","required":false},{"label":"Anything unusual this year we should know about (new accounts, owner contributions, large purchases)","answer_kind":"TEXT","required":false}]'),
  ('W-9 for new vendor', 'W9', 'W-9 for a new vendor', 'You started paying a new vendor. Please give us their W-9 (fill in the form or upload a signed one) so we can prepare their 1099.', '[]')
) AS t("name", "kind", "subject", "text", "items");
