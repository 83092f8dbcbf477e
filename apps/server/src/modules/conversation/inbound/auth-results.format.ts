/**
 * Authentication-Results (RFC 8601): what a receiving mail server found when it checked a message's
 * sender (SPF, DKIM, DMARC). A small parser of the header's grammar, with no DNS: Herd reads the
 * verdict of the provider or relay that received the message, it does not check again itself.
 *
 *   Authentication-Results: mx.google.com; dkim=pass header.i=@example.com header.s=s1;
 *     spf=fail (sender not permitted) smtp.mailfrom=ann@example.com; dmarc=fail header.from=example.com
 */
export interface AuthResult {
  /** `spf`, `dkim`, `dmarc`, … lower case. */
  method: string;
  /** `pass`, `fail`, `softfail`, `none`, `neutral`, `temperror`, `permerror`, … lower case. */
  result: string;
  /** `header.from`, `smtp.mailfrom`, `header.d`, `header.i`, … (names lower case, values as written). */
  props: Record<string, string>;
}

export interface AuthResultsHeader {
  /** Who checked: the receiving server's name, lower case. */
  authservId: string;
  results: AuthResult[];
}

/** Removes comments `( … )`, nested ones too, outside quoted strings; unfolds lines. */
const withoutComments = (value: string) => {
  let out = '';
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && (quoted || depth > 0)) {
      if (depth === 0) out += c + (value[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (depth === 0 && c === '"') quoted = !quoted;
    if (!quoted && c === '(') depth += 1;
    else if (!quoted && c === ')' && depth > 0) depth -= 1;
    else if (depth === 0) out += c;
  }
  return out.replace(/\r?\n[ \t]+/g, ' ');
};

/** Splits on a separator outside quoted strings. */
const splitOutsideQuotes = (value: string, separator: string) => {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && quoted) {
      current += c + (value[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === separator && !quoted) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
};

const unquote = (value: string) => (value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value);

/** One `method=result [reason=…] ptype.property=value …` statement; null when it is not one (`none`, or unreadable). */
const parseResult = (statement: string): AuthResult | null => {
  const tokens = splitOutsideQuotes(statement.trim().replace(/\s*=\s*/g, '='), ' ').filter((t) => t !== '');
  const [first, ...rest] = tokens;
  const head = first?.match(/^([a-z0-9_-]+)(?:\/[0-9]+)?=([a-z0-9_-]+)$/i);
  if (!head) return null;
  const props: Record<string, string> = {};
  for (const token of rest) {
    const eq = token.indexOf('=');
    if (eq <= 0) continue;
    props[token.slice(0, eq).toLowerCase()] = unquote(token.slice(eq + 1));
  }
  return { method: head[1]!.toLowerCase(), result: head[2]!.toLowerCase(), props };
};

/** Parses one header's value (without `Authentication-Results:`); null when it names no authserv-id. */
export const parseAuthResults = (value: string): AuthResultsHeader | null => {
  const [idPart, ...statements] = splitOutsideQuotes(withoutComments(value), ';');
  // The authserv-id may be followed by a version number ("mx.example.com 1").
  const authservId = unquote(idPart?.trim().split(/\s+/)[0] ?? '').toLowerCase();
  if (authservId === '') return null;
  return { authservId, results: statements.map(parseResult).filter((r): r is AuthResult => r !== null) };
};
