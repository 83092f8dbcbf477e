import type { FastifyPluginAsync } from 'fastify';
import { refEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import {
  accountSubtypesFor,
  accountTypesFor,
  createCategory,
  createRef,
  listAccountOptions,
  listLedgerFields,
  listRefOptions,
  listTrackingOptions,
  taxCalculationsFor,
  updateHerdAccounts,
} from './refs.service.js';

/** Each reference list the pickers search, and which of the ledger's lists it is. */
const REF_SELECTS = [
  [e.customers, 'CUSTOMER'],
  [e.vendors, 'VENDOR'],
  [e.classes, 'CLASS'],
  [e.locations, 'LOCATION'],
  [e.taxes, 'TAX'],
  [e.paymentMethods, 'PAYMENT_METHOD'],
  [e.trackingCategories, 'TRACKING_CATEGORY'],
] as const;

/** Each list of accounts, which accounts it holds, and whose side asks for it. */
const ACCOUNT_LISTS = [
  [e.accountantCategories, 'categories', 'accountant'],
  [e.accountantHerdAccounts, 'herd', 'accountant'],
  [e.clientHerdAccounts, 'herd', 'client'],
  [e.clientPaymentAccounts, 'payment', 'client'],
  [e.clientCategories, 'client-categories', 'client'],
] as const;

/** Selects (the options of the company's ledger lists) and the entries an accountant adds, as the contract's route table declares them. */
export const refRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  for (const [endpoint, kind] of REF_SELECTS) {
    serveEndpoint(app, endpoint, (r) => listRefOptions(deps, r.actor, { companyPk: r.params.pk, kind, query: r.query }));
  }
  serveEndpoint(app, e.trackingOptions, (r) =>
    listTrackingOptions(deps, r.actor, { companyPk: r.params.pk, trackingCategoryPk: r.params.trackingCategoryPk, query: r.query }),
  );
  serveEndpoint(app, e.ledgerFields, (r) => listLedgerFields(deps, r.actor, { companyPk: r.params.pk }));
  serveEndpoint(app, e.taxCalculations, (r) => taxCalculationsFor(deps, r.actor, { companyPk: r.params.pk }));
  for (const [endpoint, system] of [
    [e.qboAccountTypes, 'qbo'],
    [e.qbdAccountTypes, 'qbd'],
    [e.xeroAccountTypes, 'xero'],
  ] as const) {
    serveEndpoint(app, endpoint, (r) => accountTypesFor(deps, r.actor, { companyPk: r.params.pk, system }));
  }
  for (const [endpoint, system] of [
    [e.qboAccountSubtypes, 'qbo'],
    [e.qbdAccountSubtypes, 'qbd'],
    [e.xeroAccountSubtypes, 'xero'],
  ] as const) {
    serveEndpoint(app, endpoint, (r) => accountSubtypesFor(deps, r.actor, { companyPk: r.params.pk, system, accountType: r.query.account_type }));
  }
  for (const [endpoint, set, side] of ACCOUNT_LISTS) {
    serveEndpoint(app, endpoint, (r) => listAccountOptions(deps, r.actor, { companyPk: r.params.pk, side, set, query: r.query }));
  }
  serveEndpoint(app, e.items, (r) => listRefOptions(deps, r.actor, { companyPk: r.params.pk, kind: 'ITEM', query: r.query, who: 'accountant' }));
  serveEndpoint(app, e.herdAccountsUpdate, (r) => updateHerdAccounts(deps, r.actor, { companyPk: r.params.pk, watched: r.body.watched }));
  serveEndpoint(app, e.vendorCreate, (r) => createRef(deps, r.actor, { companyPk: r.params.pk, kind: 'VENDOR', ...r.body }));
  serveEndpoint(app, e.customerCreate, (r) => createRef(deps, r.actor, { companyPk: r.params.pk, kind: 'CUSTOMER', ...r.body }));
  serveEndpoint(app, e.categoryCreate, (r) => createCategory(deps, r.actor, { companyPk: r.params.pk, ...r.body }));
};
