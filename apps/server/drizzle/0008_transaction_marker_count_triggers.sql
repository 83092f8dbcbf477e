-- transactions.markers and transaction_counts are derived data kept by the database itself, so
-- that no write path (categorization, split, line delete, attachments, CSV import, generic ingest,
-- a ledger sync, a cascade from a deleted reference) can leave them stale.
-- Bits (MARKER_BITS in src/db/schema/transactions.ts): 1 class, 2 location, 4 customer, 8 vendor,
-- 16 tracking one, 32 tracking two (some line lacks it), 64 no attachment at all.
CREATE FUNCTION herd_line_marker_bits(class_id integer, location_id integer, customer_id integer, vendor_id integer,
    tracking_one integer, tracking_two integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN class_id IS NULL THEN 1 ELSE 0 END)
       | (CASE WHEN location_id IS NULL THEN 2 ELSE 0 END)
       | (CASE WHEN customer_id IS NULL THEN 4 ELSE 0 END)
       | (CASE WHEN vendor_id IS NULL THEN 8 ELSE 0 END)
       | (CASE WHEN tracking_one IS NULL THEN 16 ELSE 0 END)
       | (CASE WHEN tracking_two IS NULL THEN 32 ELSE 0 END)
$$;
--> statement-breakpoint
-- Recomputes the markers of some transactions from scratch (their lines and attachments): simpler
-- to trust than flipping single bits, and the sets are small (the rows one statement touched).
CREATE FUNCTION herd_refresh_markers(tx_pks integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE transactions t SET markers = m.bits
  FROM (
    SELECT p.pk, (
        coalesce((SELECT bit_or(herd_line_marker_bits(l.class_id, l.location_id, l.customer_id, l.vendor_id,
                   l.tracking_option_one_id, l.tracking_option_two_id))
                  FROM transaction_lines l WHERE l.transaction_id = p.pk), 0)
      | (CASE WHEN EXISTS (SELECT 1 FROM transaction_attachments a WHERE a.transaction_id = p.pk) THEN 0 ELSE 64 END)
      )::smallint AS bits
    FROM unnest(tx_pks) AS p(pk)
  ) m
  WHERE t.pk = m.pk AND t.markers IS DISTINCT FROM m.bits
$$;
--> statement-breakpoint
-- One function for lines and attachments, statement-level with transition tables so a bulk write
-- of 500 transactions costs one refresh, not 500.
CREATE FUNCTION herd_children_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM herd_refresh_markers(ARRAY(SELECT DISTINCT transaction_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM herd_refresh_markers(ARRAY(SELECT DISTINCT transaction_id FROM old_rows));
  ELSIF TG_TABLE_NAME = 'transaction_lines' THEN
    -- Only a change of which fields are empty (or of the owning transaction) can move a marker;
    -- an amount given back to the first line by a line delete does not.
    PERFORM herd_refresh_markers(ARRAY(
      SELECT unnest(ARRAY[o.transaction_id, n.transaction_id]) FROM old_rows o JOIN new_rows n ON n.pk = o.pk
      WHERE o.transaction_id <> n.transaction_id
         OR herd_line_marker_bits(o.class_id, o.location_id, o.customer_id, o.vendor_id, o.tracking_option_one_id, o.tracking_option_two_id)
         <> herd_line_marker_bits(n.class_id, n.location_id, n.customer_id, n.vendor_id, n.tracking_option_one_id, n.tracking_option_two_id)));
  ELSE
    PERFORM herd_refresh_markers(ARRAY(
      SELECT unnest(ARRAY[o.transaction_id, n.transaction_id]) FROM old_rows o JOIN new_rows n ON n.pk = o.pk
      WHERE o.transaction_id <> n.transaction_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Counts per company, status and hidden flag. A statement's decrements and increments go in as one
-- upsert in key order, so two writers take the count rows' locks in the same order (no deadlock
-- between, say, an answer READY→FINISHED and a send-back FINISHED→READY). A company being deleted is
-- skipped: its count rows go with it.
CREATE FUNCTION herd_add_counts(company integer[], status transaction_status[], hidden boolean[], delta integer[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO transaction_counts AS c (client_company_id, status, is_hidden, n)
  SELECT d.company, d.status, d.hidden, sum(d.delta)::integer
  FROM unnest(company, status, hidden, delta) AS d(company, status, hidden, delta)
  WHERE EXISTS (SELECT 1 FROM client_companies cc WHERE cc.pk = d.company)
  GROUP BY d.company, d.status, d.hidden
  HAVING sum(d.delta) <> 0
  ORDER BY d.company, d.status, d.hidden
  ON CONFLICT (client_company_id, status, is_hidden) DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
-- Each branch names only the transition tables its trigger declares (an INSERT trigger has no old
-- rows); queries of the other branches are never planned.
CREATE FUNCTION herd_transactions_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM herd_add_counts(array_agg(c), array_agg(s), array_agg(h), array_agg(n))
    FROM (SELECT client_company_id c, status s, is_hidden h, count(*)::integer n FROM new_rows GROUP BY 1, 2, 3) g;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM herd_add_counts(array_agg(c), array_agg(s), array_agg(h), array_agg(n))
    FROM (SELECT client_company_id c, status s, is_hidden h, -count(*)::integer n FROM old_rows GROUP BY 1, 2, 3) g;
  ELSE
    -- Most updates (a memo, the markers) move no count: only rows whose key changed are looked at.
    PERFORM herd_add_counts(array_agg(c), array_agg(s), array_agg(h), array_agg(n))
    FROM (
      SELECT v.c, v.s, v.h, sum(v.n)::integer n
      FROM old_rows o JOIN new_rows n2 ON n2.pk = o.pk
      CROSS JOIN LATERAL (VALUES (o.client_company_id, o.status, o.is_hidden, -1),
                                 (n2.client_company_id, n2.status, n2.is_hidden, 1)) AS v(c, s, h, n)
      WHERE (o.client_company_id, o.status, o.is_hidden) IS DISTINCT FROM (n2.client_company_id, n2.status, n2.is_hidden)
      GROUP BY 1, 2, 3
    ) g;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Existing rows, before any trigger exists (one pass, no trigger work): every transaction starts at 64 (column default); add the lines' bits, clear the
-- attachment bit where there is one, and count what is there.
UPDATE transactions t SET markers = (t.markers | l.bits)::smallint
FROM (
  SELECT transaction_id, bit_or(herd_line_marker_bits(class_id, location_id, customer_id, vendor_id,
    tracking_option_one_id, tracking_option_two_id)) AS bits
  FROM transaction_lines GROUP BY transaction_id
) l
WHERE l.transaction_id = t.pk AND l.bits <> 0;
--> statement-breakpoint
UPDATE transactions t SET markers = (t.markers & ~64)::smallint
WHERE EXISTS (SELECT 1 FROM transaction_attachments a WHERE a.transaction_id = t.pk);
--> statement-breakpoint
DELETE FROM transaction_counts;
--> statement-breakpoint
INSERT INTO transaction_counts (client_company_id, status, is_hidden, n)
SELECT client_company_id, status, is_hidden, count(*)::integer FROM transactions GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER transaction_lines_markers_insert AFTER INSERT ON transaction_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_children_changed();
--> statement-breakpoint
CREATE TRIGGER transaction_lines_markers_update AFTER UPDATE ON transaction_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_children_changed();
--> statement-breakpoint
CREATE TRIGGER transaction_lines_markers_delete AFTER DELETE ON transaction_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_children_changed();
--> statement-breakpoint
CREATE TRIGGER transaction_attachments_markers_insert AFTER INSERT ON transaction_attachments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_children_changed();
--> statement-breakpoint
CREATE TRIGGER transaction_attachments_markers_update AFTER UPDATE ON transaction_attachments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_children_changed();
--> statement-breakpoint
CREATE TRIGGER transaction_attachments_markers_delete AFTER DELETE ON transaction_attachments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_children_changed();
--> statement-breakpoint
CREATE TRIGGER transactions_counts_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_transactions_counted();
--> statement-breakpoint
CREATE TRIGGER transactions_counts_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_transactions_counted();
--> statement-breakpoint
CREATE TRIGGER transactions_counts_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_transactions_counted();
