ALTER TABLE "ledger_accounts" ADD COLUMN "parent_external_id" text;--> statement-breakpoint
-- Accounts pulled before the column: their parent from the ledger's own copy (QuickBooks Online's ParentRef of a
-- sub-account, QuickBooks Desktop's ParentRef), so the review checks know them before the next pull.
UPDATE "ledger_accounts" SET "parent_external_id" = "raw"->'ParentRef'->>'value' WHERE "raw"->>'SubAccount' = 'true' AND "raw"->'ParentRef'->>'value' IS NOT NULL;--> statement-breakpoint
UPDATE "ledger_accounts" SET "parent_external_id" = "raw"->'ParentRef'->>'ListID' WHERE "parent_external_id" IS NULL AND "raw"->'ParentRef'->>'ListID' IS NOT NULL;
