ALTER TABLE "transactions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- transactions.version grows with every write of what a person sees of a transaction, whoever writes
-- it (an answer, the accountant's review, a ledger pull, a publish), so an editor that sends the
-- version it read learns that someone else saved in between. A statement that sets version itself
-- is left alone; derived and bookkeeping columns (markers, merchant_key, updated_at) do not count.
CREATE FUNCTION herd_bump_transaction_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version = OLD.version
     AND (to_jsonb(NEW) - '{markers,merchant_key,updated_at,version}'::text[])
         IS DISTINCT FROM (to_jsonb(OLD) - '{markers,merchant_key,updated_at,version}'::text[]) THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_version BEFORE UPDATE ON transactions
  FOR EACH ROW EXECUTE FUNCTION herd_bump_transaction_version();
--> statement-breakpoint
-- A transaction's lines are part of it: a statement that writes lines moves their transactions on,
-- once per statement (a bulk answer of 500 transactions is one UPDATE, not 500).
CREATE FUNCTION herd_lines_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE transactions SET version = version + 1 WHERE pk IN (SELECT DISTINCT transaction_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE transactions SET version = version + 1 WHERE pk IN (SELECT DISTINCT transaction_id FROM old_rows);
  ELSE
    UPDATE transactions SET version = version + 1
      WHERE pk IN (SELECT transaction_id FROM new_rows UNION SELECT transaction_id FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transaction_lines_version_insert AFTER INSERT ON transaction_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_lines_bump_version();
--> statement-breakpoint
CREATE TRIGGER transaction_lines_version_update AFTER UPDATE ON transaction_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_lines_bump_version();
--> statement-breakpoint
CREATE TRIGGER transaction_lines_version_delete AFTER DELETE ON transaction_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_lines_bump_version();
