import { describe, expect, it } from 'vitest';
import { createControl } from './control.js';
import { restoreQboState, snapshotQboState } from './snapshot.js';
import { createQboState, type QboSimulatorOptions } from './state.js';

const OPTIONS: QboSimulatorOptions = { clientId: 'app', clientSecret: 'secret', companies: [{ name: 'Sandbox Bakery Co.', transactions: 6 }] };

describe('a QuickBooks Online simulator saved and restored', () => {
  it('keeps its companies whole, its grants working and its ids going on', () => {
    const state = createQboState(OPTIONS);
    const control = createControl(state);
    const [company] = control.companies();
    const realmId = company!.realmId;
    const vendor = control.putEntity(realmId, 'Vendor', { DisplayName: 'Kept Supplies' });
    const [purchase] = control.listEntities(realmId, 'Purchase');
    control.deleteEntity(realmId, 'Purchase', purchase!.Id);
    state.company(realmId)!.files.set('77', { fileName: 'receipt.pdf', contentType: 'application/pdf', bytes: Buffer.from([0, 1, 255]), key: 'k' });
    const tokens = control.connect(realmId);

    const restored = restoreQboState(OPTIONS, JSON.parse(JSON.stringify(snapshotQboState(state))));
    const again = createControl(restored);
    expect(again.companies()).toEqual(control.companies());
    expect(again.listEntities(realmId, 'Purchase')).toEqual(control.listEntities(realmId, 'Purchase'));
    expect(again.getEntity(realmId, 'Vendor', vendor.Id)).toEqual(vendor);
    expect(restored.company(realmId)!.tombstones).toEqual(state.company(realmId)!.tombstones);
    expect(restored.company(realmId)!.files.get('77')!.bytes).toEqual(Buffer.from([0, 1, 255]));
    expect(restored.oauth.checkAccessToken(tokens.access_token).ok).toBe(true);
    expect(restored.oauth.rotateRefreshToken(tokens.refresh_token).realmId).toBe(realmId);
    // New rows take ids after the saved ones; a new grant does not take an old one's id.
    expect(again.putEntity(realmId, 'Vendor', { DisplayName: 'New' }).Id).toBe(control.putEntity(realmId, 'Vendor', { DisplayName: 'New' }).Id);
    expect(restored.oauth.createGrant(realmId, []).id).toBe(state.oauth.createGrant(realmId, []).id);
  });

  it('refuses what is not a QuickBooks Online snapshot', () => {
    expect(() => restoreQboState(OPTIONS, null)).toThrow('not a snapshot of the qbo simulator');
  });
});
