// SOAP 1.1 envelopes for the stand-ins, read and written with fast-xml-parser (XMLParser /
// XMLBuilder): no string concatenation, every value escaped by the builder.
import { XMLBuilder, XMLParser } from 'fast-xml-parser';

export const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  // a record is 168 characters with its trailing spaces: keep them
  trimValues: false,
  isArray: (name) => name === 'string' || name === 'movimento' || name === 'arrivo' || name === 'partenza',
});
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false });

export type XmlNode = { [key: string]: unknown };

/** The first element of the Body: its name (no prefix) and content; null when it is not a SOAP envelope. */
export function readEnvelope(xml: string): { operation: string; body: XmlNode } | null {
  let doc: XmlNode;
  try {
    doc = parser.parse(xml, true) as XmlNode;
  } catch {
    return null;
  }
  const body = (doc.Envelope as XmlNode | undefined)?.Body as XmlNode | undefined;
  if (!body || typeof body !== 'object') return null;
  const operation = Object.keys(body).find((key) => key !== '#text');
  if (!operation) return null;
  const content = body[operation];
  return { operation, body: typeof content === 'object' && content !== null ? (content as XmlNode) : {} };
}

/** A text child ('' when absent). */
export function text(node: XmlNode, key: string): string {
  const value = node[key];
  return typeof value === 'string' ? value : '';
}

export function envelope(body: XmlNode): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    'soap:Envelope': { '@_xmlns:soap': SOAP_ENV, 'soap:Body': body },
  }) as string;
}

/** A SOAP 1.1 fault, as ASP.NET web services give them (HTTP 500). */
export function fault(code: 'soap:Client' | 'soap:Server', message: string): string {
  return envelope({ 'soap:Fault': { faultcode: code, faultstring: message, detail: '' } });
}
