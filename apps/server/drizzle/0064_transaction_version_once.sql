ALTER TABLE "transactions" ADD COLUMN "version_xact" bigint;
--> statement-breakpoint
-- A transaction's version moves once per save (database transaction), not once per statement: an answer
-- writes its status and its lines, and each of those moved it before, each with an UPDATE of the row of its
-- own. transactions.version_xact holds the database transaction that last moved it; a later write of the
-- same save finds it moved already. What counts as a person's change is unchanged (0060): every column but
-- the bookkeeping ones (markers, merchant_key, updated_at), compared with each type's own equality (the
-- row less those columns, instead of two whole rows made JSON on every update of a transaction).
CREATE OR REPLACE FUNCTION herd_bump_transaction_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  xact bigint;
  seen transactions;
BEGIN
  -- A statement that sets version itself (the lines' trigger below) is left alone.
  IF NEW.version <> OLD.version THEN
    RETURN NEW;
  END IF;
  xact := pg_current_xact_id()::text::bigint;
  IF OLD.version_xact = xact THEN
    RETURN NEW;
  END IF;
  seen := NEW;
  seen.markers := OLD.markers;
  seen.merchant_key := OLD.merchant_key;
  seen.updated_at := OLD.updated_at;
  seen.version_xact := OLD.version_xact;
  IF seen IS DISTINCT FROM OLD THEN
    NEW.version := OLD.version + 1;
    NEW.version_xact := xact;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A statement that writes lines refreshes its transactions' markers (0008) and moves their version in one
-- UPDATE, and only of the rows where either must change: lines written in the same save as the status
-- (which moved the version) with the same empty fields as before touch no transaction row at all. A
-- zero-row UPDATE would still run the counts trigger, hence the look first. Generic plans: a custom plan
-- per call, for arrays of a row or two, cost more to make than to run.
CREATE FUNCTION herd_lines_changed() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  touched integer[];
  moving integer[];
  bits smallint[];
  xact bigint := pg_current_xact_id()::text::bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT transaction_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT transaction_id FROM old_rows);
  ELSE
    touched := ARRAY(SELECT transaction_id FROM new_rows UNION SELECT transaction_id FROM old_rows);
  END IF;
  SELECT array_agg(m.pk ORDER BY m.pk), array_agg(m.bits ORDER BY m.pk) INTO moving, bits
  FROM (
    SELECT t.pk, t.markers, t.version_xact, (
        coalesce((SELECT bit_or(herd_line_marker_bits(l.class_id, l.location_id, l.customer_id, l.vendor_id,
                   l.tracking_option_one_id, l.tracking_option_two_id))
                  FROM transaction_lines l WHERE l.transaction_id = t.pk), 0)
      | (CASE WHEN EXISTS (SELECT 1 FROM transaction_attachments a WHERE a.transaction_id = t.pk) THEN 0 ELSE 64 END)
      )::smallint AS bits
    FROM transactions t
    WHERE t.pk = ANY(touched)
  ) m
  WHERE m.markers IS DISTINCT FROM m.bits OR m.version_xact IS DISTINCT FROM xact;
  IF moving IS NOT NULL THEN
    UPDATE transactions t
    SET markers = bits[array_position(moving, t.pk)],
        version = CASE WHEN t.version_xact = xact THEN t.version ELSE t.version + 1 END,
        version_xact = xact
    WHERE t.pk = ANY(moving);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER transaction_lines_version_insert ON transaction_lines;
--> statement-breakpoint
DROP TRIGGER transaction_lines_version_update ON transaction_lines;
--> statement-breakpoint
DROP TRIGGER transaction_lines_version_delete ON transaction_lines;
--> statement-breakpoint
DROP TRIGGER transaction_lines_markers_insert ON transaction_lines;
--> statement-breakpoint
DROP TRIGGER transaction_lines_markers_update ON transaction_lines;
--> statement-breakpoint
DROP TRIGGER transaction_lines_markers_delete ON transaction_lines;
--> statement-breakpoint
DROP FUNCTION herd_lines_bump_version();
--> statement-breakpoint
CREATE TRIGGER transaction_lines_changed_insert AFTER INSERT ON transaction_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_lines_changed();
--> statement-breakpoint
CREATE TRIGGER transaction_lines_changed_update AFTER UPDATE ON transaction_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_lines_changed();
--> statement-breakpoint
CREATE TRIGGER transaction_lines_changed_delete AFTER DELETE ON transaction_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION herd_lines_changed();
--> statement-breakpoint
-- Attachments keep herd_children_changed (0008); their refresh, a SQL function planned again on every
-- call, becomes PL/pgSQL (its plan kept) and writes nothing when no marker moves.
CREATE OR REPLACE FUNCTION herd_refresh_markers(tx_pks integer[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  moving integer[];
  bits smallint[];
BEGIN
  SELECT array_agg(m.pk ORDER BY m.pk), array_agg(m.bits ORDER BY m.pk) INTO moving, bits
  FROM (
    SELECT t.pk, t.markers, (
        coalesce((SELECT bit_or(herd_line_marker_bits(l.class_id, l.location_id, l.customer_id, l.vendor_id,
                   l.tracking_option_one_id, l.tracking_option_two_id))
                  FROM transaction_lines l WHERE l.transaction_id = t.pk), 0)
      | (CASE WHEN EXISTS (SELECT 1 FROM transaction_attachments a WHERE a.transaction_id = t.pk) THEN 0 ELSE 64 END)
      )::smallint AS bits
    FROM transactions t
    WHERE t.pk = ANY(tx_pks)
  ) m
  WHERE m.markers IS DISTINCT FROM m.bits;
  IF moving IS NOT NULL THEN
    UPDATE transactions t SET markers = bits[array_position(moving, t.pk)] WHERE t.pk = ANY(moving);
  END IF;
END
$$;
--> statement-breakpoint
-- The counts (0008): the same upsert, its plan kept (PL/pgSQL), and not run at all by an update that moves
-- no count (a memo, the markers, the version), which is most of them.
CREATE OR REPLACE FUNCTION herd_add_counts(company integer[], status transaction_status[], hidden boolean[], delta integer[])
  RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  INSERT INTO transaction_counts AS c (client_company_id, status, is_hidden, n)
  SELECT d.company, d.status, d.hidden, sum(d.delta)::integer
  FROM unnest(company, status, hidden, delta) AS d(company, status, hidden, delta)
  WHERE EXISTS (SELECT 1 FROM client_companies cc WHERE cc.pk = d.company)
  GROUP BY d.company, d.status, d.hidden
  HAVING sum(d.delta) <> 0
  ORDER BY d.company, d.status, d.hidden
  ON CONFLICT (client_company_id, status, is_hidden) DO UPDATE SET n = c.n + excluded.n;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION herd_transactions_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  companies integer[];
  statuses transaction_status[];
  hiddens boolean[];
  deltas integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(g.c), array_agg(g.s), array_agg(g.h), array_agg(g.n) INTO companies, statuses, hiddens, deltas
    FROM (SELECT client_company_id c, status s, is_hidden h, count(*)::integer n FROM new_rows GROUP BY 1, 2, 3) g;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(g.c), array_agg(g.s), array_agg(g.h), array_agg(g.n) INTO companies, statuses, hiddens, deltas
    FROM (SELECT client_company_id c, status s, is_hidden h, -count(*)::integer n FROM old_rows GROUP BY 1, 2, 3) g;
  ELSE
    -- Only rows whose key changed are counted again.
    SELECT array_agg(g.c), array_agg(g.s), array_agg(g.h), array_agg(g.n) INTO companies, statuses, hiddens, deltas
    FROM (
      SELECT v.c, v.s, v.h, sum(v.n)::integer n
      FROM old_rows o JOIN new_rows n2 ON n2.pk = o.pk
      CROSS JOIN LATERAL (VALUES (o.client_company_id, o.status, o.is_hidden, -1),
                                 (n2.client_company_id, n2.status, n2.is_hidden, 1)) AS v(c, s, h, n)
      WHERE (o.client_company_id, o.status, o.is_hidden) IS DISTINCT FROM (n2.client_company_id, n2.status, n2.is_hidden)
      GROUP BY 1, 2, 3
    ) g;
  END IF;
  IF companies IS NOT NULL THEN
    PERFORM herd_add_counts(companies, statuses, hiddens, deltas);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A statement that is a whole change refuses itself when a part of it did not happen: a person's status change
-- with the rest of the answer goes as one statement, outside an explicit transaction when it is all there is,
-- and is undone (nothing written) when a transaction's status moved meanwhile (status-writer.ts). SQLSTATE HR409
-- is Herd's own, so the server can tell this refusal from any other error.
CREATE FUNCTION herd_refuse_unless(ok boolean, reason text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'HR409', MESSAGE = reason;
  END IF;
  RETURN true;
END
$$;
