/** The text's lines, trimmed, with runs of spaces made one and the empty ones dropped. */
export const linesOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.replace(/[\t\u00a0 ]+/g, ' ').trim())
    .filter((l) => l !== '');

/** A parsed field before its source is known: the value and how well the text supported it (0..1). */
export interface Candidate {
  value: string;
  score: number;
}
