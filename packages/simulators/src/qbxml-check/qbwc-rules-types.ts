/**
 * The shape of `contracts/qbwc/rules.json`: what `scripts/derive-qbwc-rules.ts` keeps of the
 * QuickBooks Web Connector's WSDL (SOAP 1.1, document/literal): each operation's SOAPAction and the
 * elements of its call and its answer, parameters in order with their types and occurrences.
 */

export interface WsdlParameter {
  name: string;
  /** `s:string`, `s:int`, or a complex type of the WSDL's schema (`tns:ArrayOfString`). */
  type: string;
  min: number;
  max: number | 'unbounded';
  nillable?: true;
}

/** A body element: its name (in the service's namespace) and its children in order. */
export interface WsdlMessage {
  element: string;
  parameters: WsdlParameter[];
}

export interface WsdlOperation {
  soapAction: string;
  input: WsdlMessage;
  output: WsdlMessage;
}

export interface QbwcRules {
  source: { document: string; repository: string; path: string; commit: string; licence: string; generator: string };
  /** The target namespace of the body elements. */
  namespace: string;
  /** The SOAP envelope namespace of the binding the rules were read from (SOAP 1.1). */
  envelopeNamespace: string;
  operations: Record<string, WsdlOperation>;
  /** Complex types a parameter may name (ArrayOfString): their children, as parameters. */
  types: Record<string, WsdlParameter[]>;
}
