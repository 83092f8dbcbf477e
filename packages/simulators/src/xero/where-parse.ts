/**
 * Xero's `where=` filter: a small C#-flavoured expression language. Supported here: comparisons
 * `== != > >= < <=` between field paths (`Contact.Name`) and literals (strings, numbers,
 * `true`/`false`/`null`, `DateTime(2026,5,1[,h,m,s])`, `Guid("…")`), `AND`/`&&`, `OR`/`||`,
 * `NOT`/`!`, parentheses, bare boolean fields (`IsSupplier`) and `.Contains("…")`,
 * `.StartsWith("…")`, `.EndsWith("…")` on strings.
 */
export type Literal = string | number | boolean | null | { dateMs: number } | { guid: string };
export type Operand = { kind: 'path'; path: string[] } | { kind: 'literal'; value: Literal };
export type CompareOp = '==' | '!=' | '>' | '>=' | '<' | '<=';
export type StringMethod = 'Contains' | 'StartsWith' | 'EndsWith';

export type WhereExpr =
  | { kind: 'and' | 'or'; left: WhereExpr; right: WhereExpr }
  | { kind: 'not'; expr: WhereExpr }
  | { kind: 'compare'; op: CompareOp; left: Operand; right: Operand }
  | { kind: 'method'; path: string[]; method: StringMethod; arg: string }
  | { kind: 'truthy'; path: string[] };

export class WhereSyntaxError extends Error {}

type Token = { type: 'ident' | 'string' | 'number' | 'op' | 'punct'; text: string; at: number };

const OPERATORS = ['==', '!=', '>=', '<=', '&&', '||', '>', '<', '!', '='];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i] ?? '';
    if (/\s/.test(char)) {
      i++;
    } else if (char === '"') {
      let text = '';
      let j = i + 1;
      while (j < source.length && source[j] !== '"') {
        if (source[j] === '\\' && j + 1 < source.length) j++;
        text += source[j];
        j++;
      }
      if (j >= source.length) throw new WhereSyntaxError(`Unterminated string at position ${i}`);
      tokens.push({ type: 'string', text, at: i });
      i = j + 1;
    } else if (/[0-9-]/.test(char) && /^-?\d/.test(source.slice(i))) {
      const text = /^-?\d+(\.\d+)?/.exec(source.slice(i))?.[0] ?? '';
      tokens.push({ type: 'number', text, at: i });
      i += text.length;
    } else if (/[A-Za-z_]/.test(char)) {
      const text = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))?.[0] ?? '';
      tokens.push({ type: 'ident', text, at: i });
      i += text.length;
    } else if ('().,'.includes(char)) {
      tokens.push({ type: 'punct', text: char, at: i });
      i++;
    } else {
      const op = OPERATORS.find((candidate) => source.startsWith(candidate, i));
      if (!op) throw new WhereSyntaxError(`Unexpected '${char}' at position ${i}`);
      // A lone `=` is a common slip for `==`; Xero's parser accepts neither, and nor do we.
      if (op === '=') throw new WhereSyntaxError(`Use '==' to compare, at position ${i}`);
      tokens.push({ type: 'op', text: op, at: i });
      i += op.length;
    }
  }
  return tokens;
}

class Parser {
  private index = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): WhereExpr {
    const expr = this.or();
    const extra = this.peek();
    if (extra) throw new WhereSyntaxError(`Unexpected '${extra.text}' at position ${extra.at}`);
    return expr;
  }

  private or(): WhereExpr {
    let left = this.and();
    while (this.keyword('OR') || this.symbol('||')) left = { kind: 'or', left, right: this.and() };
    return left;
  }

  private and(): WhereExpr {
    let left = this.unary();
    while (this.keyword('AND') || this.symbol('&&')) left = { kind: 'and', left, right: this.unary() };
    return left;
  }

  private unary(): WhereExpr {
    if (this.keyword('NOT') || this.symbol('!')) return { kind: 'not', expr: this.unary() };
    if (this.symbol('(')) {
      const inner = this.or();
      this.expect(')');
      return inner;
    }
    const left = this.operand();
    const op = this.peek();
    if (op?.type === 'op' && ['==', '!=', '>', '>=', '<', '<='].includes(op.text)) {
      this.index++;
      return { kind: 'compare', op: op.text as CompareOp, left, right: this.operand() };
    }
    if (left.kind !== 'path') throw new WhereSyntaxError(`Expected a comparison after a value at position ${op?.at ?? 'end'}`);
    const last = left.path[left.path.length - 1];
    if ((last === 'Contains' || last === 'StartsWith' || last === 'EndsWith') && this.symbol('(')) {
      const arg = this.next();
      if (arg.type !== 'string') throw new WhereSyntaxError(`${last} takes a string, at position ${arg.at}`);
      this.expect(')');
      return { kind: 'method', path: left.path.slice(0, -1), method: last, arg: arg.text };
    }
    return { kind: 'truthy', path: left.path };
  }

  private operand(): Operand {
    const token = this.next();
    if (token.type === 'string') return { kind: 'literal', value: token.text };
    if (token.type === 'number') return { kind: 'literal', value: Number(token.text) };
    if (token.type !== 'ident') throw new WhereSyntaxError(`Unexpected '${token.text}' at position ${token.at}`);
    const word = token.text.toLowerCase();
    if (word === 'true' || word === 'false') return { kind: 'literal', value: word === 'true' };
    if (word === 'null') return { kind: 'literal', value: null };
    if (token.text === 'DateTime' && this.symbol('(')) return { kind: 'literal', value: { dateMs: this.dateArgs() } };
    if (token.text === 'Guid' && this.symbol('(')) {
      const arg = this.next();
      if (arg.type !== 'string') throw new WhereSyntaxError(`Guid takes a string, at position ${arg.at}`);
      this.expect(')');
      return { kind: 'literal', value: { guid: arg.text.toLowerCase() } };
    }
    const path = [token.text];
    while (this.symbol('.')) {
      const part = this.next();
      if (part.type !== 'ident') throw new WhereSyntaxError(`Expected a field name at position ${part.at}`);
      path.push(part.text);
    }
    return { kind: 'path', path };
  }

  /** DateTime(yyyy, mm, dd[, hh, mm, ss]) in UTC. */
  private dateArgs(): number {
    const parts: number[] = [];
    do {
      const part = this.next();
      if (part.type !== 'number') throw new WhereSyntaxError(`DateTime takes numbers, at position ${part.at}`);
      parts.push(Number(part.text));
    } while (this.symbol(','));
    this.expect(')');
    if (parts.length !== 3 && parts.length !== 6) throw new WhereSyntaxError('DateTime takes (year, month, day) or (year, month, day, hour, minute, second)');
    const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = parts;
    return Date.UTC(year, month - 1, day, hour, minute, second);
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.tokens[this.index++];
    if (!token) throw new WhereSyntaxError('Unexpected end of the where clause');
    return token;
  }

  private keyword(word: string): boolean {
    const token = this.peek();
    if (token?.type !== 'ident' || token.text.toUpperCase() !== word) return false;
    this.index++;
    return true;
  }

  private symbol(text: string): boolean {
    const token = this.peek();
    if (!token || (token.type !== 'op' && token.type !== 'punct') || token.text !== text) return false;
    this.index++;
    return true;
  }

  private expect(text: string): void {
    if (!this.symbol(text)) throw new WhereSyntaxError(`Expected '${text}' at position ${this.peek()?.at ?? 'end'}`);
  }
}

export function parseWhere(source: string): WhereExpr {
  return new Parser(tokenize(source)).parse();
}
