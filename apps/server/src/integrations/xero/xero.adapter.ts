import type { LedgerAdapter } from '../../modules/books/ledger/ledger-adapter.port.js';
import { classifyCommonLedgerError } from '../../modules/books/ledger/ledger-errors.port.js';
import { OAuthError } from '../oauth2-tokens.js';
import { XeroValidationError, type XeroApi } from './xero-api.js';
import { freeAccountCode } from './xero-account-code.js';
import { releaseXeroOrganisations } from './xero-connect.js';
import type { XeroContext } from './xero-context.js';
import { postCorrectionsToXero } from './xero-corrections.js';
import { xeroLookups } from './xero-lookups.js';
import { attachToXero, publishToXero } from './xero-publish.js';
import { pullXero } from './xero-pull.js';
import { xeroIdOf, xeroRecordOf } from './xero-records.js';
import { XERO_TRANSACTION_ENTITIES, type XeroEntity } from './xero-transaction-map.js';
import { text, type XeroObject } from './xero-values.js';

/** The organisation's chart as Xero holds it now (one request: Xero does not page accounts). */
const allAccounts = async (api: XeroApi) => {
  const rows: XeroObject[] = [];
  for await (const page of api.pages('Accounts')) rows.push(...page.rows);
  return rows;
};

/** Xero behind Herd's LedgerAdapter: a translator between its Accounting API and the port's records. */
export const xeroAdapter = (xero: XeroContext): LedgerAdapter => ({
  kind: 'XERO',
  displayName: 'Xero',
  remote: true,
  // Xero has tracking categories; classes, locations and billable lines are QuickBooks' and Xero has none.
  lineFields: ['tracking'],

  async *pull(company, cursor, references, now) {
    yield* pullXero(await xero.openApi(company.pk), company, cursor, references, now);
  },

  async *reread(company, targets, references) {
    const api = await xero.openApi(company.pk);
    const lookups = xeroLookups(references);
    for (const target of targets) {
      const entity = target.entityType as XeroEntity;
      const id = xeroIdOf(entity, target.externalId);
      // An object Xero no longer has at all is as good as deleted.
      const fresh = (await api.get(XERO_TRANSACTION_ENTITIES[entity].collection, id)) ?? { [XERO_TRANSACTION_ENTITIES[entity].id]: id, Status: 'DELETED' };
      yield [xeroRecordOf(entity, fresh, lookups)];
    }
  },

  async *publish(company, items, references) {
    yield* publishToXero(await xero.openApi(company.pk), items, references);
  },

  async *postCorrections(company, items, references) {
    yield* postCorrectionsToXero(await xero.openApi(company.pk), items, references);
  },

  async attachFiles(company, target, files) {
    const entity = target.entityType as XeroEntity;
    return attachToXero(await xero.openApi(company.pk), entity, xeroIdOf(entity, target.externalId), files);
  },

  async listFiles(company, target) {
    const entity = target.entityType as XeroEntity;
    const api = await xero.openApi(company.pk);
    const files = await api.attachments(XERO_TRANSACTION_ENTITIES[entity].collection, xeroIdOf(entity, target.externalId));
    return files.map((f) => ({ id: text(f.AttachmentID), name: text(f.FileName), contentType: text(f.MimeType), size: Number(f.ContentLength ?? 0) }));
  },

  async createListEntry(company, entry) {
    const api = await xero.openApi(company.pk);
    try {
      const [created] =
        entry.kind === 'CATEGORY'
          ? [await api.createAccount({ Name: entry.name, Type: entry.accountType, Code: freeAccountCode(entry.accountType, await allAccounts(api)) })]
          : await api.post('Contacts', [{ Name: entry.name, ...(entry.kind === 'VENDOR' ? { IsSupplier: true } : { IsCustomer: true }) }]);
      // A contact refused comes back as its own ValidationErrors in a 200 (summarizeErrors=false); an account refused is a 400.
      const refusal = ((created?.ValidationErrors as { Message?: string }[] | undefined) ?? []).map((v) => v.Message).join(' ');
      if (refusal) return { kind: 'refused', message: refusal };
      if (entry.kind === 'CATEGORY') return { kind: 'created', externalId: text(created?.AccountID), raw: created ?? {} };
      return { kind: 'created', externalId: text(created?.ContactID), raw: created ?? {} };
    } catch (err) {
      if (!(err instanceof XeroValidationError)) throw err;
      return { kind: 'refused', message: err.message };
    }
  },

  connect: ({ state }) => xero.oauth.authorizeUrl({ state, redirectUri: xero.redirectUri }),
  reauthorize: (_company, state) => xero.oauth.authorizeUrl({ state, redirectUri: xero.redirectUri }),

  async revoke(company) {
    const grant = await xero.services.credentials.read(company.pk);
    if (!grant?.credentials) return { kind: 'nothing-to-revoke' };
    try {
      // The organisation leaves the grant; the grant itself stays for the consent's other organisations.
      const { session } = await xero.session(company.pk);
      const token = await session.accessToken();
      const connection = (await xero.oauth.connections(token)).find((c) => c.tenantId === grant.externalCompanyId);
      if (connection) await xero.oauth.disconnect(token, connection.id);
      return { kind: 'revoked' };
    } catch (error) {
      return { kind: 'revoke-failed', error };
    }
  },

  releaseCompanies: (credentials, tenantIds) => releaseXeroOrganisations(xero, credentials, tenantIds),

  async companyInfo(grant) {
    const token = xero.box.open(grant.credentials.accessTokenEnc);
    const connection = (await xero.oauth.connections(token)).find((c) => c.tenantId === grant.externalCompanyId);
    return { name: connection?.tenantName || `Xero organisation ${grant.externalCompanyId}` };
  },

  classifyError(err) {
    if (err instanceof OAuthError) return err.grantIsGone ? 'needs-reauth' : err.status >= 500 ? 'unreachable' : 'refused';
    if (err instanceof XeroValidationError) return 'refused';
    return classifyCommonLedgerError(err);
  },
});
