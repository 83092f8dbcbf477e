ALTER TABLE "client_companies" ALTER COLUMN "ask_rules" SET DEFAULT '{"ask_from":null,"receipt_above":null,"firm_payees":[],"closed_period":"ASK"}'::jsonb;--> statement-breakpoint
-- Every company asked about closed-period questions before the choice existed: it keeps doing so.
UPDATE "client_companies" SET "ask_rules" = "ask_rules" || '{"closed_period":"ASK"}'::jsonb WHERE NOT ("ask_rules" ? 'closed_period');
