import { afterEach, expect, it } from 'vitest';
import { QbxmlProcessor } from './qbxml-processor.js';
import { qbxmlRequest, responses, rq, seededCompany } from './test-support.js';
import { startMinimalHerd, type ServedSession } from './test-soap-server.js';
import { WebConnector } from './web-connector.js';
import { buildXml, childrenNamed, leaf, node } from './xml-tree.js';

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => close?.());

const lastAnswer = (session: ServedSession) => {
  const last = session.received.at(-1);
  return last ? responses(last.response)[0] : undefined;
};

it('carries a paged pull of every check through iterators, one page per round trip', async () => {
  const processor = new QbxmlProcessor(seededCompany({ transactions: 4_000, watchedTransactions: 1_000 }));
  const checks = processor.company.txns('Check').length;
  const page = [...leaf('MaxReturned', 250), ...leaf('IncludeLineItems', 'true')];
  const herd = await startMinimalHerd({
    userName: 'firm-42',
    password: 'secret',
    requests: [],
    // Start an iterator, then continue the one the last answer named until nothing remains.
    nextRequest: (session) => {
      const previous = lastAnswer(session);
      if (!previous) return qbxmlRequest([rq('CheckQueryRq', page, { iterator: 'Start' })]);
      return qbxmlRequest([rq('CheckQueryRq', page, { iterator: 'Continue', iteratorID: previous.attrs.iteratorID ?? '' })]);
    },
    percentDone: (session) => {
      const remaining = Number(lastAnswer(session)?.attrs.iteratorRemainingCount ?? 0);
      return remaining === 0 ? 100 : Math.floor((100 * (checks - remaining)) / checks);
    },
  });
  close = () => herd.app.close();
  const qwc = buildXml(
    [],
    node('QBWCXML', [
      ...leaf('AppName', 'Herd'),
      ...leaf('AppURL', herd.url),
      ...leaf('UserName', 'firm-42'),
      ...leaf('OwnerID', '{90A44FB7-33D9-4815-AC85-AC86A7E7D1EB}'),
      ...leaf('FileID', '{57F3B9B6-86F1-4FCC-B1FF-966DE1813D20}'),
      ...leaf('QBType', 'QBFS'),
    ]),
  );
  const run = await new WebConnector({ qwc, password: 'secret', processor }).run();
  expect(run.outcome).toBe('finished');
  expect(run.requestsProcessed).toBe(Math.ceil(checks / 250));
  const received = herd.sessions[0]!.received.flatMap((each) => childrenNamed(responses(each.response)[0]!, 'CheckRet'));
  expect(received).toHaveLength(checks);
  expect(processor.iterators.size).toBe(0);
});
