/**
 * How a document's name is kept (docs/documents.md, "Names"): one Unicode form (NFC), so an "é" typed as
 * one character or as "e" and a combining accent is one name for the uniqueness rule and the search; and
 * none of the characters that take no space or reorder the text around them, which could make a name
 * read as something it is not ("invoice‮fdp.exe" showing as "invoiceexe.pdf").
 */

/**
 * Text-direction controls (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the
 * left-to-right and right-to-left marks U+200E/U+200F) and invisible characters (zero-width space,
 * non-joiner and joiner U+200B–U+200D, word joiner U+2060, byte order mark U+FEFF).
 */
export const HIDDEN_NAME_CHARACTERS = /[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/** Control characters: C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F). */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** A name as it is kept: the hidden characters taken out, then composed to NFC (taking them out may join an accent to its letter). */
export const cleanDocumentName = (name: string) => name.replace(HIDDEN_NAME_CHARACTERS, '').normalize('NFC');
