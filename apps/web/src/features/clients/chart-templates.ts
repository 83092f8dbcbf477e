import type { ChartList } from './chart-api';

interface ListTemplate {
  label: string;
  /** For sentences ("1 vendor created", "3 classes updated"). */
  one: string;
  many: string;
  header: string[];
  example: string[];
}

/**
 * A template per list: the header row the import reads (the server finds
 * columns by these names in any case) and one example row. The id column is
 * optional; without it a row is known by its name, so importing again
 * updates instead of duplicating.
 */
export const CHART_TEMPLATES: Record<ChartList, ListTemplate> = {
  ACCOUNT: {
    label: 'Accounts (categories)',
    one: 'account',
    many: 'accounts',
    header: ['Account Number', 'Account Name', 'Type', 'Active'],
    example: ['6100', 'Meals', 'Expense', 'yes'],
  },
  VENDOR: { label: 'Vendors', one: 'vendor', many: 'vendors', header: ['ID', 'Name', 'Active'], example: ['V-100', 'Blue Bottle Coffee', 'yes'] },
  CUSTOMER: { label: 'Customers', one: 'customer', many: 'customers', header: ['ID', 'Name', 'Active'], example: ['C-100', 'Acme Corporation', 'yes'] },
  CLASS: { label: 'Classes', one: 'class', many: 'classes', header: ['ID', 'Name', 'Active'], example: ['CL-1', 'Retail', 'yes'] },
  LOCATION: { label: 'Locations', one: 'location', many: 'locations', header: ['ID', 'Name', 'Active'], example: ['L-1', 'Downtown', 'yes'] },
  TAX: { label: 'Tax codes', one: 'tax code', many: 'tax codes', header: ['ID', 'Name', 'Active'], example: ['T-1', 'State sales tax', 'yes'] },
  ITEM: { label: 'Products and services', one: 'item', many: 'items', header: ['ID', 'Name', 'Active'], example: ['I-1', 'Bookkeeping hours', 'yes'] },
  PAYMENT_METHOD: {
    label: 'Payment methods',
    one: 'payment method',
    many: 'payment methods',
    header: ['ID', 'Name', 'Active'],
    example: ['PM-1', 'Company Visa', 'yes'],
  },
};

const csvLine = (cells: string[]) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

/** The template as a CSV file's text. */
export const templateCsv = (list: ChartList) => `${csvLine(CHART_TEMPLATES[list].header)}\r\n${csvLine(CHART_TEMPLATES[list].example)}\r\n`;

/** A link target that downloads the template without asking the server. */
export const templateHref = (list: ChartList) => `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv(list))}`;

export const templateFileName = (list: ChartList) => `${list.toLowerCase().replace(/_/g, '-')}-template.csv`;
