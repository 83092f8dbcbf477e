import { z } from 'zod';
import { idParam } from '../ids.js';
import { endpoint, noContent, pkParams } from '../endpoint.js';
import {
  accountOption,
  accountSelectQuery,
  accountSubtypeOption,
  accountSubtypesQuery,
  accountTypesResponse,
  categoryCreateBody,
  herdAccountsBody,
  ledgerField,
  refCreateBody,
  selectOption,
  selectQuery,
} from '../refs.js';

const tags = ['selects'];
const options = z.array(selectOption);
const ACCOUNTANT = 'accounting/accountant/client-company/{pk}';
const CLIENT = 'accounting/client/company/{pk}';

/** A reference list of the company's ledger, searchable; both sides read it (the accountant's forms, the client's categorization). */
const refSelect = (path: string, kind: string) =>
  endpoint({
    method: 'GET',
    path: `accounting/selects/{pk}/${path}/list/`,
    tags,
    summary: `${kind.toLowerCase().replace('_', ' ')} options (searchable)`,
    params: pkParams,
    query: selectQuery,
    responses: { 200: options },
  });
const accountTypes = (system: 'qbo' | 'qbd' | 'xero') =>
  endpoint({
    method: 'GET',
    path: `accounting/selects/{pk}/${system}/account-types/list/`,
    tags,
    summary: `${system.toUpperCase()} account types and subtypes`,
    params: pkParams,
    responses: { 200: accountTypesResponse },
  });
const accountSubtypes = (system: 'qbo' | 'qbd' | 'xero') =>
  endpoint({
    method: 'GET',
    path: `accounting/selects/{pk}/${system}/account-subtypes/list/`,
    tags,
    summary: `${system.toUpperCase()} account subtypes, each under its account type (\`account_type\` keeps one type's)`,
    params: pkParams,
    query: accountSubtypesQuery,
    responses: { 200: z.array(accountSubtypeOption) },
  });
const accounts = (path: string, set: string) =>
  endpoint({ method: 'GET', path, tags, summary: `${set} accounts`, params: pkParams, query: accountSelectQuery, responses: { 200: z.array(accountOption) } });
const refCreate = (path: string, kind: string) =>
  endpoint({
    method: 'POST',
    path: `${ACCOUNTANT}/${path}/create/`,
    tags,
    summary: `Create a ${kind}`,
    params: pkParams,
    body: refCreateBody,
    responses: { 201: selectOption },
  });

/** The options pickers offer (reference lists, accounts, account types) and the entries an accountant adds to them. */
export const refEndpoints = {
  customers: refSelect('customers', 'CUSTOMER'),
  vendors: refSelect('vendors', 'VENDOR'),
  classes: refSelect('classes', 'CLASS'),
  locations: refSelect('locations', 'LOCATION'),
  taxes: refSelect('taxes', 'TAX'),
  paymentMethods: refSelect('payment_methods', 'PAYMENT_METHOD'),
  trackingCategories: refSelect('tracking-categories', 'TRACKING_CATEGORY'),
  trackingOptions: endpoint({
    method: 'GET',
    path: 'accounting/selects/{pk}/tracking-category/{trackingCategoryPk}/options/list/',
    tags,
    summary: 'Options of one tracking category',
    params: pkParams.extend({ trackingCategoryPk: idParam }),
    query: selectQuery,
    responses: { 200: options },
  }),
  ledgerFields: endpoint({
    method: 'GET',
    path: 'accounting/selects/{pk}/fields/list/',
    tags,
    summary: 'The fields a categorization has in this company’s ledger, named as the ledger names them',
    params: pkParams,
    responses: { 200: z.array(ledgerField) },
  }),
  taxCalculations: endpoint({
    method: 'GET',
    path: 'accounting/selects/{pk}/tax-calculations/list/',
    tags,
    summary: 'How line amounts treat tax in this ledger',
    params: pkParams,
    responses: { 200: options },
  }),
  qboAccountTypes: accountTypes('qbo'),
  qbdAccountTypes: accountTypes('qbd'),
  xeroAccountTypes: accountTypes('xero'),
  qboAccountSubtypes: accountSubtypes('qbo'),
  qbdAccountSubtypes: accountSubtypes('qbd'),
  xeroAccountSubtypes: accountSubtypes('xero'),
  accountantCategories: accounts(`${ACCOUNTANT}/categories/list/`, 'categories'),
  accountantHerdAccounts: accounts(`${ACCOUNTANT}/herd-accounts/list/`, 'herd'),
  clientHerdAccounts: accounts(`${CLIENT}/herd-accounts/list/`, 'herd'),
  clientPaymentAccounts: accounts(`${CLIENT}/payment-accounts/list/`, 'payment'),
  clientCategories: accounts(`${CLIENT}/categories/list/`, 'categories'),
  items: endpoint({
    method: 'GET',
    path: `${ACCOUNTANT}/items/list/`,
    tags,
    summary: 'Products and services',
    params: pkParams,
    query: selectQuery,
    responses: { 200: options },
  }),
  herdAccountsUpdate: endpoint({
    method: 'PATCH',
    path: `${ACCOUNTANT}/herd-accounts/update/`,
    tags,
    summary: 'Choose the watched accounts',
    params: pkParams,
    body: herdAccountsBody,
    responses: { 204: noContent },
  }),
  vendorCreate: refCreate('vendors', 'vendor'),
  customerCreate: refCreate('customers', 'customer'),
  categoryCreate: endpoint({
    method: 'POST',
    path: `${ACCOUNTANT}/categories/create/`,
    tags,
    summary: 'Create a category (an account)',
    params: pkParams,
    body: categoryCreateBody,
    responses: { 201: accountOption },
  }),
};
