// Ross1000's check-in web service as the istat-filing function calls it: SOAP 1.1 document/literal,
// namespace http://checkin.ws.service.turismo5.gies.it/, HTTP Basic, at ROSS1000_URL (hosted: Lazio's
// lazioturismo.ross1000.it; local: the platform's stand-in, supabase/local/ross1000). One operation,
// inviaMovimentazione(movimentazione{codice, prodotto, movimento*}) → return{esito, dettaglio{
// esitoMovimento*{data, esito, errori{errore*{codice, descrizione, riferimento}}}}}. Envelopes are
// written and read with fast-xml-parser (the builder escapes every value).
import { XMLBuilder, XMLParser } from 'npm:fast-xml-parser@5.12.1';

export const ROSS1000_NS = 'http://checkin.ws.service.turismo5.gies.it/';
const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const TIMEOUT_MS = 20_000;
const MAX_ANSWER = 1024 * 1024;
/** the software named in each movimentazione */
const PRODOTTO = 'Guest house portal';

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name: string) => name === 'esitoMovimento' || name === 'errore',
});
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false });

/** The service is down, slow, or answered something that is not its envelope. */
export class ServiceUnavailable extends Error {}
/** The service refused the account (HTTP 401) or the call (a SOAP fault). */
export class CallRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Account {
  utente: string;
  password: string;
  structure: string;
}

export interface RecordError {
  record: string;
  code: string;
  text: string;
}

export interface DayResult {
  data: string;
  esito: boolean;
  errors: RecordError[];
}

type Node = Record<string, unknown>;
const str = (node: unknown, key: string): string => {
  const value = (node as Node | undefined)?.[key];
  return typeof value === 'string' ? value.trim() : '';
};

/** The request's envelope (exported for the tests of its shape). */
export function movimentazioneEnvelope(structure: string, movimenti: Node[]): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'soapenv:Envelope': {
      '@_xmlns:soapenv': SOAP_ENV,
      '@_xmlns:chk': ROSS1000_NS,
      'soapenv:Body': {
        'chk:inviaMovimentazione': {
          movimentazione: { codice: structure, prodotto: PRODOTTO, movimento: movimenti },
        },
      },
    },
  }) as string;
}

/** Sends the movimenti (none: the account's test); answers one result per movimento, in order. */
export async function inviaMovimentazione(url: string, account: Account, movimenti: Node[]): Promise<DayResult[]> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        soapaction: '""',
        authorization: `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${account.utente}:${account.password}`)))}`,
      },
      body: movimentazioneEnvelope(account.structure, movimenti),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ServiceUnavailable(`Ross1000 did not answer: ${(error as Error).message}`);
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    throw new CallRefused(
      'credentials_refused',
      `Ross1000 refused the user or the password (HTTP ${response.status}).`,
    );
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new ServiceUnavailable(`Ross1000's answer broke off: ${(error as Error).message}`);
  }
  if (text.length > MAX_ANSWER) throw new ServiceUnavailable('Ross1000 answered more than 1 MB.');
  let envelope: Node;
  try {
    envelope = parser.parse(text) as Node;
  } catch {
    throw new ServiceUnavailable(`Ross1000 answered HTTP ${response.status} without an envelope.`);
  }
  const body = (envelope.Envelope as Node | undefined)?.Body as Node | undefined;
  if (!body) throw new ServiceUnavailable(`Ross1000 answered HTTP ${response.status} without an envelope.`);
  if (body.Fault) {
    const code = str(body.Fault, 'faultcode');
    const message = str(body.Fault, 'faultstring');
    // a server fault is the service's trouble (try again later); a client fault is the call's
    if (/Server$/.test(code)) throw new ServiceUnavailable(`Ross1000 fault: ${message}`);
    throw new CallRefused('fault', message || 'Ross1000 refused the call.');
  }
  const answer = (body.inviaMovimentazioneResponse as Node | undefined)?.return as Node | undefined;
  if (!answer || typeof answer !== 'object')
    throw new ServiceUnavailable('Ross1000 gave no inviaMovimentazione answer.');
  const results = ((answer.dettaglio as Node | undefined)?.esitoMovimento as Node[] | undefined) ?? [];
  return results.map((result) => ({
    data: str(result, 'data'),
    esito: str(result, 'esito') === 'true',
    errors: (((result.errori as Node | undefined)?.errore as Node[] | undefined) ?? []).map((e) => ({
      record: str(e, 'riferimento'),
      code: str(e, 'codice'),
      text: str(e, 'descrizione'),
    })),
  }));
}
