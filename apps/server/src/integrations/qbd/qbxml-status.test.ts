import { describe, expect, it } from 'vitest';
import { LedgerUnreachableError } from '../../modules/books/ledger/ledger-errors.port.js';
import { askOne } from './qbd-ask.js';
import { qbdAdapter } from './qbd.adapter.js';
import { QbdBusyError, QbdRefusalError, requireSuccess, statusOf } from './qbxml-status.js';
import { parseQbxmlResponse, QbxmlUnreadableError } from './qbxml-xml.js';

const answer = (code: number, severity = 'Error', message = `Message ${code}`) =>
  `<?xml version="1.0"?><QBXML><QBXMLMsgsRs><VendorAddRs requestID="1" statusCode="${code}" statusSeverity="${severity}" statusMessage="${message}"/></QBXMLMsgsRs></QBXML>`;
const statusIn = (xml: string) => statusOf(parseQbxmlResponse(xml)[0]!);
const adapter = qbdAdapter({
  exchangeFor: () => {
    throw new LedgerUnreachableError('No Web Connector run is under way.');
  },
});

describe('qbXML status codes', () => {
  it('takes 0 and 1 as success', () => {
    expect(requireSuccess(statusIn(answer(0, 'Info'))).code).toBe(0);
    expect(requireSuccess(statusIn(answer(1, 'Info'))).code).toBe(1);
  });

  it.each([3170, 3175, 3176, 3180])('takes %i as QuickBooks busy: unreachable, tried again at the next run', (code) => {
    const error = (() => {
      try {
        return requireSuccess(statusIn(answer(code)));
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(QbdBusyError);
    expect(adapter.classifyError(error)).toBe('unreachable');
  });

  it.each([3100, 3120, 3140, 3150, 3200, 3210, 500])('takes %i as a refusal in QuickBooks’ words', (code) => {
    expect(() => requireSuccess(statusIn(answer(code, 'Error', 'x')))).toThrow(QbdRefusalError);
    try {
      requireSuccess(statusIn(answer(code, 'Error', 'The name &quot;A &amp; B&quot; is in use')));
    } catch (err) {
      expect((err as Error).message).toBe('The name "A & B" is in use');
      expect(adapter.classifyError(err)).toBe('refused');
    }
  });

  it('takes an answer that is not qbXML, and no run under way, as unreachable', async () => {
    const error = await askOne(() => Promise.resolve('<html>Bad gateway</html>'), { name: 'HostQueryRq', fields: [] }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(QbxmlUnreadableError);
    expect(adapter.classifyError(error)).toBe('unreachable');
    const pulling = (async () => {
      for await (const page of adapter.pull(
        { pk: 1, syncDate: null },
        { mode: 'FULL', pulledUpTo: null, progress: null },
        () => Promise.resolve({ accounts: [], refs: [] }),
        new Date(),
      ))
        return page;
    })();
    const lost = await pulling.catch((err: unknown) => err);
    expect(adapter.classifyError(lost)).toBe('unreachable');
    expect(adapter.classifyError(new Error('a bug'))).toBe('unknown');
  });
});
