/**
 * The reply-matching part of `npm run bench` (`--only=reply-matching`): the replies written for
 * the tests (apps/server/test/reply-corpus.ts: letters, words, typos, abbreviations, Spanish, emoji,
 * doubt, keywords) read as Herd reads a text or an email reply, each answer judged against what a
 * careful accountant would take it to say. In memory, one process: the figures are shares, not times.
 */
import { judgeCorpus, shares } from '../apps/server/test/reply-judging.js';

export const runReplyMatchingBench = () => {
  const started = performance.now();
  const judged = judgeCorpus();
  const ms = performance.now() - started;
  return { ...shares(judged), ms, wrongOnes: judged.flatMap((j) => j.verdicts.filter((v) => v.verdict === 'wrong').map((v) => `${j.reply.reply} → ${v.said}`)) };
};

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}% (${n} of ${of})`;

export const renderReplyMatchingReport = (r: ReturnType<typeof runReplyMatchingBench>) =>
  [
    '<!-- reply-matching:start -->',
    '## Answers read from replies',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only=reply-matching\` (bench/reply-matching.ts), in memory. ${r.replies} replies written for the tests`,
    '(apps/server/test/reply-corpus.ts) to three numbered questions or one, holding letters in every form, category names, typos, abbreviations, Spanish, emoji, mixed',
    'answers, doubt and denial, replies naming no question, and the carriers’ keywords; most against a QuickBooks-style chart, 36 against Xero’s default chart',
    '(other names for the same kinds of spending). Each question a reply speaks to is one answer; "right" includes',
    'asking again where the reply is in doubt. Target: wrong ≤ 1%. The set was written before the matcher was tuned and then used to tune it, so these',
    'shares are an upper bound for replies nobody has seen; every wrong answer found later belongs in the set.',
    '',
    '| measure | value |',
    '|---|---|',
    `| answers judged | ${r.answers} |`,
    `| answered as meant | ${pct(r.right, r.answers)} |`,
    `| asked again (Herd could have known) | ${pct(r.askedAgain, r.answers)} |`,
    `| wrong | ${pct(r.wrong, r.answers)} |`,
    `| time to read all ${r.replies} replies | ${r.ms.toFixed(0)} ms |`,
    ...(r.wrongOnes.length > 0 ? ['', 'Wrong: ', ...r.wrongOnes.map((w) => `- ${w}`)] : []),
    '<!-- reply-matching:end -->',
  ].join('\n');
