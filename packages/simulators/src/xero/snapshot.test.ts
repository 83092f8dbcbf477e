import { describe, expect, it } from 'vitest';
import { createXeroControl } from './control.js';
import { restoreXeroState, snapshotXeroState } from './snapshot.js';
import { createXeroState, type XeroSimulatorOptions } from './state.js';

const OPTIONS: XeroSimulatorOptions = { clientId: 'app', clientSecret: 'secret', organisations: [{ name: 'Harbour Cafe Ltd', transactions: 6 }] };

/** Through JSON, as the file on disk holds it. */
const throughJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('a Xero simulator saved and restored', () => {
  it('keeps its organisations whole, its consents working and its id sequence going on', () => {
    const state = createXeroState(OPTIONS);
    const control = createXeroControl(state);
    const [org] = control.organisations();
    const tenantId = org!.tenantId;
    const contact = control.putEntity(tenantId, 'Contacts', { Name: 'Kept Ltd' });
    const [spend] = control.listEntities(tenantId, 'BankTransactions');
    const attachment = { AttachmentID: 'a1', FileName: 'receipt.pdf', MimeType: 'application/pdf', IncludeOnline: true, bytes: Buffer.from([0, 1, 2, 255]) };
    state.org(tenantId)!.attachments.set(`BankTransactions/${String(spend!.BankTransactionID)}`, [attachment]);
    // Consents as the token endpoint makes them (no id token: signing one is slow and beside the point).
    const consent = () => state.oauth.issueTokens(state.oauth.createGrant([tenantId], ['offline_access', 'accounting.transactions']));
    const spent = consent();
    const tokens = consent();
    state.oauth.rotateRefreshToken(spent.refresh_token!);

    const restored = restoreXeroState(OPTIONS, throughJson(snapshotXeroState(state)));
    const again = createXeroControl(restored);
    expect(again.organisations()).toEqual(control.organisations());
    expect(again.listEntities(tenantId, 'BankTransactions')).toEqual(control.listEntities(tenantId, 'BankTransactions'));
    expect(again.getEntity(tenantId, 'Contacts', String(contact.ContactID))).toEqual(contact);
    expect(restored.org(tenantId)!.attachments.get(`BankTransactions/${String(spend!.BankTransactionID)}`)).toEqual([attachment]);
    expect(again.connections()).toEqual(control.connections());
    expect(restored.oauth.checkAccessToken(tokens.access_token).ok).toBe(true);
    expect(restored.oauth.rotateRefreshToken(tokens.refresh_token!).tenantIds).toEqual([tenantId]);
    expect(() => restored.oauth.rotateRefreshToken(spent.refresh_token!)).toThrow();
    // The next id made over the API is the one the first simulator would have made: the sequence went on, it did not start again.
    expect(again.putEntity(tenantId, 'Contacts', { Name: 'New Ltd' }).ContactID).toBe(control.putEntity(tenantId, 'Contacts', { Name: 'New Ltd' }).ContactID);
  });

  it('refuses what is not a Xero snapshot of its layout, saying so', () => {
    expect(() => restoreXeroState(OPTIONS, { kind: 'qbo', version: 1 })).toThrow('not a snapshot of the xero simulator');
    expect(() => restoreXeroState(OPTIONS, { kind: 'xero', version: 99 })).toThrow('layout version 99');
  });
});
