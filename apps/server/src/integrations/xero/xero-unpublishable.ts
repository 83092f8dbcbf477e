/** The categorization cannot be written to Xero; the message says what to do. */
export class XeroUnpublishableError extends Error {}
