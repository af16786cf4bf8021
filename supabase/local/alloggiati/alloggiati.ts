// Alloggiati Web's web service (Polizia di Stato), as the local platform serves it: SOAP 1.1 at
// /service/Service.asmx, namespace AlloggiatiService, hotel mode. Shapes written from the issue's
// facts and the public documentation (no code copied): GenerateToken(Utente, Password, WsKey) →
// GenerateTokenResult TokenInfo{issued, expires, token} + result EsitoOperazioneServizio;
// Authentication_Test(Utente, token); Test / Send(Utente, token, ElencoSchedine of <string>) →
// result EsitoOperazioneServizio + ElencoSchedineEsito{SchedineValide, Dettaglio of
// EsitoOperazioneServizio, one per line}; Ricevuta(Utente, token, Data) → PDF (base64);
// Tabella(Utente, token, tipo) → CSV. The error codes and Italian texts are the stand-in's own
// TipoErrore table (ERRORS), served by Tabella('TipoErrore') as the real one is.
import { randomBytes } from 'node:crypto';
import { envelope, fault, text, type XmlNode } from './soap';

export const ALLOGGIATI_NS = 'AlloggiatiService';
export const ALLOGGIATI_PATH = '/service/Service.asmx';

/** The stand-in's accounts: user → password and WSKey (the platform's local values). */
export const LOCAL_ALLOGGIATI_ACCOUNT = { utente: 'RM000123', password: 'local-password', wskey: 'LOCAL-WSKEY-0001' };

export const ERRORS: Record<string, { des: string; fix: string }> = {
  AUTH_FAILED: { des: 'Credenziali non valide', fix: 'Controllare utente, password e WSKey.' },
  TOKEN_NOT_VALID: { des: 'Token non valido o scaduto', fix: 'Richiedere un nuovo token (GenerateToken).' },
  SCHEDINA_LUNGHEZZA: { des: 'Lunghezza schedina errata', fix: 'La schedina deve essere di 168 caratteri.' },
  TIPO_ALLOGGIATO: { des: 'Tipo alloggiato non valido', fix: 'Usare i codici 16, 17, 18, 19 o 20.' },
  DATA_ARRIVO: { des: 'Data di arrivo non valida', fix: 'Indicare la data di arrivo (gg/mm/aaaa).' },
  COGNOME: { des: 'Cognome non valido', fix: 'Indicare il cognome come sul documento, in lettere latine.' },
  NOME: { des: 'Nome non valido', fix: 'Indicare il nome come sul documento, in lettere latine.' },
  SESSO: { des: 'Sesso non valido', fix: 'Indicare 1 (maschio) o 2 (femmina).' },
  DATA_NASCITA: { des: 'Data di nascita non valida', fix: 'Indicare la data di nascita (gg/mm/aaaa).' },
  LUOGO_NASCITA: { des: 'Luogo di nascita non valido', fix: 'Indicare lo stato e, per i nati in Italia, il comune.' },
  CITTADINANZA: { des: 'Cittadinanza non valida', fix: 'Indicare il codice dello stato di cittadinanza.' },
  DOCUMENTO: { des: 'Documento non valido', fix: 'Controllare tipo, numero e luogo di rilascio del documento.' },
  SCHEDINA_RIFIUTATA: { des: 'Schedina rifiutata', fix: 'Controllare i dati dell’alloggiato.' },
  TROPPE_SCHEDINE: { des: 'Numero di schedine superiore al massimo', fix: 'Inviare al massimo 1000 schedine.' },
};

export interface AlloggiatiSwitches {
  /** lines whose surname (cols 15-64, trimmed) is one of these are refused with the code given */
  refuseSurnames: Record<string, string>;
  /** token lifetime (default 30 minutes) */
  tokenTtlMs: number;
}

interface Issued {
  utente: string;
  expires: number;
}

export function createAlloggiati(switches: AlloggiatiSwitches, now: () => number) {
  const tokens = new Map<string, Issued>();
  /** every line received by Send, in order (the test helper /_local/alloggiati/received) */
  const received: Array<{ at: string; line: string; ok: boolean }> = [];

  const esito = (code?: string, detail?: string): XmlNode => ({
    esito: code ? 'false' : 'true',
    ErroreCod: code ?? '',
    ErroreDes: code ? ERRORS[code].des : '',
    ErroreDettaglio: code ? (detail ?? ERRORS[code].fix) : '',
  });

  const respond = (operation: string, content: XmlNode) =>
    envelope({ [`${operation}Response`]: { '@_xmlns': ALLOGGIATI_NS, ...content } });

  const tokenError = (body: XmlNode): string | null => {
    const issued = tokens.get(text(body, 'token'));
    if (!issued || issued.utente !== text(body, 'Utente') || issued.expires <= now()) return 'TOKEN_NOT_VALID';
    return null;
  };

  /** The stand-in's own checks of a line (the real service checks more, against its tables). */
  function lineError(line: string): string | null {
    if ([...line].length !== 168) return 'SCHEDINA_LUNGHEZZA';
    const type = line.slice(0, 2);
    if (!['16', '17', '18', '19', '20'].includes(type)) return 'TIPO_ALLOGGIATO';
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(line.slice(2, 12))) return 'DATA_ARRIVO';
    const surname = line.slice(14, 64).trim();
    if (!/^[A-Z][A-Z '-]*$/.test(surname)) return 'COGNOME';
    if (switches.refuseSurnames[surname]) return switches.refuseSurnames[surname];
    if (!/^[A-Z][A-Z '-]*$/.test(line.slice(64, 94).trim())) return 'NOME';
    if (!['1', '2'].includes(line.slice(94, 95))) return 'SESSO';
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(line.slice(95, 105))) return 'DATA_NASCITA';
    if (!/^\d{9}$/.test(line.slice(116, 125))) return 'LUOGO_NASCITA';
    if (!/^\d{9}$/.test(line.slice(125, 134))) return 'CITTADINANZA';
    const member = type === '19' || type === '20';
    const document = line.slice(134, 168);
    if (member ? document.trim() !== '' : !/^[A-Z0-9]{1,5} *[A-Z0-9]{2,20} *\d{9}$/.test(document)) {
      return 'DOCUMENTO';
    }
    return null;
  }

  function schedine(operation: 'Test' | 'Send', body: XmlNode): string {
    const denied = tokenError(body);
    if (denied) return respond(operation, { [`${operation}Result`]: esito(denied) });
    const list = body.ElencoSchedine as XmlNode | undefined;
    const lines = ((list?.string as string[] | undefined) ?? []).filter((line) => typeof line === 'string');
    if (lines.length > 1000) return respond(operation, { [`${operation}Result`]: esito('TROPPE_SCHEDINE') });
    const results = lines.map((line) => {
      const code = lineError(line);
      if (operation === 'Send') received.push({ at: new Date(now()).toISOString(), line, ok: !code });
      return esito(code ?? undefined);
    });
    return respond(operation, {
      [`${operation}Result`]: esito(),
      result: {
        SchedineValide: String(results.filter((r) => r.esito === 'true').length),
        Dettaglio: { EsitoOperazioneServizio: results },
      },
    });
  }

  function handle(operation: string, body: XmlNode): { status: number; xml: string } {
    const ok = (xml: string) => ({ status: 200, xml });
    switch (operation) {
      case 'GenerateToken': {
        const good =
          text(body, 'Utente') === LOCAL_ALLOGGIATI_ACCOUNT.utente &&
          text(body, 'Password') === LOCAL_ALLOGGIATI_ACCOUNT.password &&
          text(body, 'WsKey') === LOCAL_ALLOGGIATI_ACCOUNT.wskey;
        if (!good) return ok(respond(operation, { GenerateTokenResult: '', result: esito('AUTH_FAILED') }));
        const token = randomBytes(24).toString('base64url');
        const issued = now();
        const expires = issued + switches.tokenTtlMs;
        tokens.set(token, { utente: text(body, 'Utente'), expires });
        return ok(
          respond(operation, {
            GenerateTokenResult: {
              issued: new Date(issued).toISOString(),
              expires: new Date(expires).toISOString(),
              token,
            },
            result: esito(),
          }),
        );
      }
      case 'Authentication_Test':
        return ok(respond(operation, { Authentication_TestResult: esito(tokenError(body) ?? undefined) }));
      case 'Test':
      case 'Send':
        return ok(schedine(operation, body));
      case 'Ricevuta': {
        const denied = tokenError(body);
        const day = text(body, 'Data').slice(0, 10);
        if (denied || !/^\d{4}-\d{2}-\d{2}$/.test(day)) {
          return ok(respond(operation, { RicevutaResult: esito(denied ?? 'DATA_ARRIVO'), PDF: '' }));
        }
        const pdf = Buffer.from(`%PDF-1.4\n% Ricevuta Alloggiati Web ${day} (stand-in)\n%%EOF\n`, 'utf8');
        return ok(respond(operation, { RicevutaResult: esito(), PDF: pdf.toString('base64') }));
      }
      case 'Tabella': {
        const denied = tokenError(body);
        if (denied) return ok(respond(operation, { TabellaResult: esito(denied), CSV: '' }));
        if (text(body, 'tipo') !== 'TipoErrore') {
          return { status: 500, xml: fault('soap:Client', `Tabella: tipo '${text(body, 'tipo')}' non disponibile.`) };
        }
        const csv = Object.entries(ERRORS)
          .map(([code, e]) => `${code};${e.des};${e.fix}`)
          .join('\r\n');
        return ok(respond(operation, { TabellaResult: esito(), CSV: csv }));
      }
      default:
        return {
          status: 500,
          xml: fault('soap:Client', `Server did not recognize the value of HTTP Header SOAPAction: ${operation}.`),
        };
    }
  }

  return {
    handle,
    received,
    expireTokens() {
      for (const issued of tokens.values()) issued.expires = 0;
    },
  };
}
