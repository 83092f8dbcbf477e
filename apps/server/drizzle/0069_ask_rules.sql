ALTER TABLE "client_companies" ADD COLUMN "ask_rules" jsonb DEFAULT '{"ask_from":null,"receipt_above":null,"firm_payees":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "kept_by" text;--> statement-breakpoint
-- A transaction the firm's rules kept from the client (kept_by, hidden) is the firm's to answer while it waits
-- (READY). Once it leaves READY, answered by the accountant, published, matched or cancelled, it is an ordinary
-- row: shown in the lists as any other, whichever way it left, so no path can leave it hidden for good.
CREATE OR REPLACE FUNCTION herd_kept_leaves_with_ready() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.kept_by IS NOT NULL AND NEW.status <> 'READY' THEN
    NEW.kept_by := NULL;
    NEW.is_hidden := false;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER herd_kept_leaves_with_ready BEFORE UPDATE OF status ON transactions FOR EACH ROW EXECUTE FUNCTION herd_kept_leaves_with_ready();
