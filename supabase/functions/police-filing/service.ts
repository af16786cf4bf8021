// Alloggiati Web's web service as the police-filing function calls it: SOAP 1.1, namespace
// AlloggiatiService, at ALLOGGIATI_URL (hosted: https://alloggiatiweb.poliziadistato.it/service/Service.asmx;
// local: the platform's stand-in). Envelopes are read and written with fast-xml-parser.
import { XMLBuilder, XMLParser } from 'npm:fast-xml-parser@5.12.1';

export const ALLOGGIATI_NS = 'AlloggiatiService';
const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const TIMEOUT_MS = 20_000;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (name: string) => name === 'EsitoOperazioneServizio',
});
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false });

/** The service is down, slow or answered something that is not its envelope: nothing was recorded. */
export class ServiceUnavailable extends Error {}

export interface Esito {
  esito: boolean;
  code: string;
  text: string;
  detail: string;
}

type Node = Record<string, unknown>;
const str = (node: unknown, key: string): string => {
  const value = (node as Node | undefined)?.[key];
  return typeof value === 'string' ? value.trim() : '';
};

export function readEsito(node: unknown): Esito {
  return {
    esito: str(node, 'esito') === 'true',
    code: str(node, 'ErroreCod'),
    text: str(node, 'ErroreDes'),
    detail: str(node, 'ErroreDettaglio'),
  };
}

/** Calls one operation; answers its Response element. A SOAP fault or an HTTP failure throws. */
export async function call(url: string, operation: string, params: Node): Promise<Node> {
  const body = builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    'soap:Envelope': {
      '@_xmlns:soap': SOAP_ENV,
      'soap:Body': { [operation]: { '@_xmlns': ALLOGGIATI_NS, ...params } },
    },
  }) as string;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${ALLOGGIATI_NS}/${operation}"` },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ServiceUnavailable(`Alloggiati Web did not answer: ${(error as Error).message}`);
  }
  const text = await response.text();
  let envelope: Node;
  try {
    envelope = parser.parse(text) as Node;
  } catch {
    throw new ServiceUnavailable(`Alloggiati Web answered HTTP ${response.status} without an envelope.`);
  }
  const soapBody = (envelope.Envelope as Node | undefined)?.Body as Node | undefined;
  if (!soapBody) throw new ServiceUnavailable(`Alloggiati Web answered HTTP ${response.status} without an envelope.`);
  if (soapBody.Fault) throw new Error(`Alloggiati Web fault: ${str(soapBody.Fault, 'faultstring')}`);
  const answer = soapBody[`${operation}Response`];
  if (!answer || typeof answer !== 'object')
    throw new ServiceUnavailable(`Alloggiati Web gave no ${operation} answer.`);
  return answer as Node;
}

export interface Token {
  token: string;
  expires: string;
}

/** GenerateToken: a token, or the service's refusal (wrong user, password or WSKey). */
export async function generateToken(
  url: string,
  account: { utente: string; password: string; wskey: string },
): Promise<Token | Esito> {
  const answer = await call(url, 'GenerateToken', {
    Utente: account.utente,
    Password: account.password,
    WsKey: account.wskey,
  });
  const result = readEsito(answer.result);
  const info = answer.GenerateTokenResult as Node | undefined;
  if (!result.esito || !str(info, 'token')) return result;
  return { token: str(info, 'token'), expires: str(info, 'expires') };
}

export async function authenticationTest(url: string, utente: string, token: string): Promise<Esito> {
  return readEsito((await call(url, 'Authentication_Test', { Utente: utente, token })).Authentication_TestResult);
}

/** Test or Send: the operation's own result and one result per line, in order. */
export async function schedine(
  url: string,
  operation: 'Test' | 'Send',
  utente: string,
  token: string,
  lines: string[],
): Promise<{ result: Esito; lines: Esito[] }> {
  const answer = await call(url, operation, { Utente: utente, token, ElencoSchedine: { string: lines } });
  const detail = ((answer.result as Node | undefined)?.Dettaglio as Node | undefined)?.EsitoOperazioneServizio;
  return {
    result: readEsito(answer[`${operation}Result`]),
    lines: ((detail as unknown[] | undefined) ?? []).map(readEsito),
  };
}

/** Ricevuta: the day's receipt as PDF bytes, or the service's refusal. */
export async function ricevuta(url: string, utente: string, token: string, day: string): Promise<Uint8Array | Esito> {
  const answer = await call(url, 'Ricevuta', { Utente: utente, token, Data: day });
  const result = readEsito(answer.RicevutaResult);
  const pdf = str(answer, 'PDF');
  if (!result.esito || !pdf) return result;
  return Uint8Array.from(atob(pdf), (char) => char.charCodeAt(0));
}
