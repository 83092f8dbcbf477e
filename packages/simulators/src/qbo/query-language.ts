import { queryParserError } from './faults.js';

/** The subset of QBO's query language: one entity, AND-ed comparisons, ordering and paging. */
export type Literal = string | number | boolean;
export type Operator = '=' | '!=' | '<' | '>' | '<=' | '>=' | 'IN' | 'LIKE';

export interface Condition {
  field: string;
  op: Operator;
  value: Literal | Literal[];
}

export interface OrderBy {
  field: string;
  descending: boolean;
}

export interface Query {
  count: boolean;
  /** Selected top-level fields, or undefined for `*`. */
  fields?: string[];
  entity: string;
  where: Condition[];
  orderBy: OrderBy[];
  startPosition: number;
  maxResults: number;
}

export const DEFAULT_MAX_RESULTS = 100;
export const MAX_RESULTS_LIMIT = 1000;

type TokenKind = 'word' | 'number' | 'string' | 'symbol';
interface Token {
  kind: TokenKind;
  text: string;
  column: number;
}

const SYMBOLS = ['<=', '>=', '!=', '<>', '=', '<', '>', '*', '(', ')', ','];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source.charAt(i);
    if (/\s/.test(char)) {
      i++;
    } else if (char === "'") {
      let text = '';
      let j = i + 1;
      for (;;) {
        if (j >= source.length) throw queryParserError(`Lexical error at line 1, column ${i + 1}: unterminated string.`);
        const c = source.charAt(j);
        // QBO escapes a quote inside a literal with a backslash (O\'Brien); doubling is accepted too.
        if (c === '\\' && j + 1 < source.length) {
          text += source.charAt(j + 1);
          j += 2;
        } else if (c === "'" && source.charAt(j + 1) === "'") {
          text += "'";
          j += 2;
        } else if (c === "'") {
          break;
        } else {
          text += c;
          j++;
        }
      }
      tokens.push({ kind: 'string', text, column: i + 1 });
      i = j + 1;
    } else if (/[0-9-]/.test(char) && /^-?\d/.test(source.slice(i, i + 2))) {
      const match = /^-?\d+(\.\d+)?/.exec(source.slice(i));
      const text = match?.[0] ?? char;
      tokens.push({ kind: 'number', text, column: i + 1 });
      i += text.length;
    } else if (/[A-Za-z_]/.test(char)) {
      const text = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(source.slice(i))?.[0] ?? char;
      tokens.push({ kind: 'word', text, column: i + 1 });
      i += text.length;
    } else {
      const symbol = SYMBOLS.find((s) => source.startsWith(s, i));
      if (!symbol) throw queryParserError(`Lexical error at line 1, column ${i + 1}. Encountered: "${char}"`);
      tokens.push({ kind: 'symbol', text: symbol === '<>' ? '!=' : symbol, column: i + 1 });
      i += symbol.length;
    }
  }
  return tokens;
}

class Parser {
  private index = 0;

  constructor(private readonly tokens: Token[]) {}

  peek(): Token | undefined {
    return this.tokens[this.index];
  }

  isKeyword(word: string): boolean {
    const token = this.peek();
    return token?.kind === 'word' && token.text.toUpperCase() === word;
  }

  isSymbol(symbol: string): boolean {
    const token = this.peek();
    return token?.kind === 'symbol' && token.text === symbol;
  }

  fail(expected: string): never {
    const token = this.peek();
    const found = token ? `"${token.text}" at line 1, column ${token.column}` : '<EOF>';
    throw queryParserError(`Encountered ${found}. Was expecting one of: ${expected}`);
  }

  keyword(word: string): void {
    if (!this.isKeyword(word)) this.fail(`"${word}"`);
    this.index++;
  }

  symbol(symbol: string): void {
    if (!this.isSymbol(symbol)) this.fail(`"${symbol}"`);
    this.index++;
  }

  word(what: string): string {
    const token = this.peek();
    if (token?.kind !== 'word') this.fail(what);
    this.index++;
    return token.text;
  }

  integer(what: string): number {
    const token = this.peek();
    if (token?.kind !== 'number' || !/^\d+$/.test(token.text)) this.fail(what);
    this.index++;
    return Number(token.text);
  }

  literal(): Literal {
    const token = this.peek();
    if (!token) this.fail('<STRING>, <NUMBER>, true, false');
    if (token.kind === 'string') {
      this.index++;
      return token.text;
    }
    if (token.kind === 'number') {
      this.index++;
      return Number(token.text);
    }
    if (token.kind === 'word' && ['TRUE', 'FALSE'].includes(token.text.toUpperCase())) {
      this.index++;
      return token.text.toUpperCase() === 'TRUE';
    }
    return this.fail('<STRING>, <NUMBER>, true, false');
  }

  atEnd(): boolean {
    return this.index >= this.tokens.length;
  }
}

/** Parses a select statement; malformed input throws QBO's QueryParserError fault (code 4000). */
export function parseQuery(source: string): Query {
  const p = new Parser(tokenize(source.trim().replace(/;$/, '')));
  p.keyword('SELECT');
  let count = false;
  let fields: string[] | undefined;
  if (p.isSymbol('*')) {
    p.symbol('*');
  } else if (p.isKeyword('COUNT')) {
    p.keyword('COUNT');
    p.symbol('(');
    p.symbol('*');
    p.symbol(')');
    count = true;
  } else {
    fields = [p.word('"*", "count", <FIELD>')];
    while (p.isSymbol(',')) {
      p.symbol(',');
      fields.push(p.word('<FIELD>'));
    }
  }
  p.keyword('FROM');
  const entity = p.word('<ENTITY>');
  const where: Condition[] = [];
  if (p.isKeyword('WHERE')) {
    p.keyword('WHERE');
    where.push(parseCondition(p));
    while (p.isKeyword('AND')) {
      p.keyword('AND');
      where.push(parseCondition(p));
    }
  }
  const orderBy: OrderBy[] = [];
  let startPosition = 1;
  let maxResults = DEFAULT_MAX_RESULTS;
  while (!p.atEnd()) {
    if (p.isKeyword('ORDERBY') || p.isKeyword('ORDER')) {
      if (p.isKeyword('ORDER')) {
        p.keyword('ORDER');
        p.keyword('BY');
      } else p.keyword('ORDERBY');
      do {
        if (p.isSymbol(',')) p.symbol(',');
        const field = p.word('<FIELD>');
        const descending = p.isKeyword('DESC');
        if (p.isKeyword('ASC') || p.isKeyword('DESC')) p.word('ASC, DESC');
        orderBy.push({ field, descending });
      } while (p.isSymbol(','));
    } else if (p.isKeyword('STARTPOSITION')) {
      p.keyword('STARTPOSITION');
      startPosition = Math.max(1, p.integer('<INTEGER>'));
    } else if (p.isKeyword('MAXRESULTS')) {
      p.keyword('MAXRESULTS');
      maxResults = Math.min(MAX_RESULTS_LIMIT, p.integer('<INTEGER>'));
    } else {
      p.fail('"AND", "ORDERBY", "STARTPOSITION", "MAXRESULTS", <EOF>');
    }
  }
  return { count, fields, entity, where, orderBy, startPosition, maxResults };
}

function parseCondition(p: Parser): Condition {
  const field = p.word('<FIELD>');
  if (p.isKeyword('IN')) {
    p.keyword('IN');
    p.symbol('(');
    const values = [p.literal()];
    while (p.isSymbol(',')) {
      p.symbol(',');
      values.push(p.literal());
    }
    p.symbol(')');
    return { field, op: 'IN', value: values };
  }
  if (p.isKeyword('LIKE')) {
    p.keyword('LIKE');
    return { field, op: 'LIKE', value: p.literal() };
  }
  const token = p.peek();
  const ops: Operator[] = ['=', '!=', '<', '>', '<=', '>='];
  const op = ops.find((candidate) => token?.kind === 'symbol' && token.text === candidate);
  if (!op) p.fail('"=", "<", ">", "<=", ">=", "IN", "LIKE"');
  p.symbol(op);
  return { field, op, value: p.literal() };
}
