-- The lines' trigger (0064) and the markers' refresh wrote each row's new markers as
-- bits[array_position(moving, pk)]: a search of the whole array for every row, so a statement that
-- writes the lines of n transactions cost n²/2 comparisons (a ledger's first pull of 100,000
-- transactions, five billion; a million took hours). The new markers now come joined by pk from the
-- two arrays side by side, once each. Nothing else changes.
CREATE OR REPLACE FUNCTION herd_lines_changed() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
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
    SET markers = m.marker_bits,
        version = CASE WHEN t.version_xact = xact THEN t.version ELSE t.version + 1 END,
        version_xact = xact
    FROM unnest(moving, bits) AS m(pk, marker_bits)
    WHERE t.pk = m.pk;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
    UPDATE transactions t SET markers = m.marker_bits FROM unnest(moving, bits) AS m(pk, marker_bits) WHERE t.pk = m.pk;
  END IF;
END
$$;
