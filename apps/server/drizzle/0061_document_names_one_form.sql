-- Document names in one Unicode form (NFC) with no hidden characters: text-direction controls, zero-width
-- characters, the word joiner, the byte order mark and control characters (docs/documents.md, "Names").
-- Names kept before the rule are brought to it. One that would then clash with another in its folder keeps
-- its old form (the unique name index would refuse it), as does one that would be left empty, "." or "..".
-- normalize() needs a UTF8 database; any other encoding is left as it is.
DO $$
BEGIN
  IF current_setting('server_encoding') = 'UTF8' THEN
    WITH cleaned AS (
      SELECT pk, client_company_id, coalesce(parent_id, 0) AS parent_key, deleted_at IS NULL AS live, name,
        btrim(normalize(regexp_replace(name, '[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF\u0001-\u001F\u007F-\u009F]', '', 'g'), NFC)) AS clean
      FROM documents
    ), ranked AS (
      SELECT c.*, row_number() OVER (PARTITION BY client_company_id, parent_key, live, lower(clean) ORDER BY (clean = name) DESC, pk) AS rank
      FROM cleaned c
    )
    UPDATE documents d SET name = r.clean
    FROM ranked r
    WHERE d.pk = r.pk AND r.clean <> r.name AND r.clean NOT IN ('', '.', '..')
      AND (NOT r.live OR (r.rank = 1 AND NOT EXISTS (
        SELECT 1 FROM cleaned o
        WHERE o.live AND o.client_company_id = r.client_company_id AND o.parent_key = r.parent_key AND o.pk <> r.pk AND lower(o.name) = lower(r.clean)
      )));
  END IF;
END $$;
