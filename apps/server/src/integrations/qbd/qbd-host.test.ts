import { createQbdSimulator } from '@herd/simulators';
import { describe, expect, it } from 'vitest';
import { askHost, QbdHostTooOldError } from './qbd-host.js';

/** An older QuickBooks: the simulator's answer with the versions after 12.0 taken out. */
const olderQuickBooks = (xml: string) => xml.replace(/<SupportedQBXMLVersion>1[3-6]\.0<\/SupportedQBXMLVersion>/g, '');

describe('asking QuickBooks about itself first', () => {
  it('reads the product, the open company and the qbXML versions, as one document of HostQuery and CompanyQuery', async () => {
    const sim = createQbdSimulator({ companyName: 'Harbor Dental LLC', transactions: 1 });
    const sent: string[] = [];
    const host = await askHost(async (request) => {
      sent.push(request);
      return sim.processQbxml(request);
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(
      /<HostQueryRq requestID="1"><\/HostQueryRq><CompanyQueryRq requestID="2"><\/CompanyQueryRq>|<HostQueryRq requestID="1"\/><CompanyQueryRq requestID="2"\/>/,
    );
    expect(host.companyName).toBe('Harbor Dental LLC');
    expect(host.qbxmlVersions).toContain('13.0');
    expect(host.productName).toContain('QuickBooks');
  });

  it('stops with what to do when QuickBooks is too old for qbXML 13.0', async () => {
    const sim = createQbdSimulator({ transactions: 1 });
    const asking = askHost(async (request) => olderQuickBooks(sim.processQbxml(request)));
    await expect(asking).rejects.toBeInstanceOf(QbdHostTooOldError);
    await expect(askHost(async (request) => olderQuickBooks(sim.processQbxml(request)))).rejects.toThrow(/up to 12\.0; Herd needs 13\.0 .*Update QuickBooks Desktop/);
  });
});
