/** Sends one qbXML request document to the company file and resolves with QuickBooks' qbXML response document. */
export type QbxmlExchange = (request: string) => Promise<string>;
