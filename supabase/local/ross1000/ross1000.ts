// Ross1000's check-in web service (Regione Lazio, lazioturismo.ross1000.it), as the local platform
// serves it: SOAP 1.1 document/literal, namespace http://checkin.ws.service.turismo5.gies.it/, HTTP
// Basic authentication, one operation inviaMovimentazione(movimentazione) with the structure's
// <codice> and one <movimento> per day → inviaMovimentazioneResponse/return: esito and one result per
// movimento (data, esito, errori/errore{codice, descrizione, riferimento}). No receipt. Shapes written
// from the facts and the public descriptions of the Turismo5 exchange (no code copied); the
// error codes and their Italian texts are the stand-in's own table (ERRORS). Faults as a JAX-WS
// endpoint gives them (S:Client, S:Server, HTTP 500); a wrong user or password is HTTP 401.
import { XMLBuilder } from 'fast-xml-parser';
import { SOAP_ENV, text, type XmlNode } from '../alloggiati/soap';

export const ROSS1000_NS = 'http://checkin.ws.service.turismo5.gies.it/';
export const ROSS1000_PATH = '/ws/checkinV2';
export const ROSS1000_OPERATION = 'inviaMovimentazione';

/** The stand-in's account: HTTP Basic user and password, and the structure's code. */
export const LOCAL_ROSS1000_ACCOUNT = {
  utente: 'RM-LOCAL-0001',
  password: 'local-ross1000-password',
  structure: '058091-AFF-00042',
};

const ITALIA = '100000100';

export const ERRORS: Record<string, string> = {
  DATA_NON_VALIDA: 'Data del movimento non valida (AAAAMMGG)',
  SEQUENZA: 'Giorni precedenti non ancora comunicati: inviare i movimenti in ordine di data',
  APERTURA: 'Stato di apertura non valido (SI o NO)',
  CAMERE: 'Camere occupate superiori alle camere disponibili',
  LETTI: 'Letti occupati superiori ai letti disponibili',
  CHIUSO_CON_ARRIVI: 'Struttura chiusa con arrivi o camere occupate',
  IDSWH: 'Identificativo dell’ospite mancante',
  TIPO_ALLOGGIATO: 'Tipo alloggiato non valido (16-20)',
  IDCAPO: 'Capofamiglia o capogruppo mancante per il familiare o il membro del gruppo',
  SESSO: 'Sesso non valido (M o F)',
  CITTADINANZA: 'Cittadinanza mancante o non valida',
  STATO_RESIDENZA: 'Stato di residenza mancante o non valido',
  LUOGO_RESIDENZA: 'Comune di residenza mancante per un residente in Italia',
  DATA_NASCITA: 'Data di nascita mancante o non valida',
  MOVIMENTO_RIFIUTATO: 'Movimento rifiutato',
};

export interface Ross1000Switches {
  /** days (YYYYMMDD) whose movimento is refused with the code given */
  refuseDays: Record<string, string>;
}

export interface Received {
  at: string;
  data: string;
  ok: boolean;
  apertura: string;
  arrivi: number;
  partenze: number;
  errors: string[];
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false });

export function envelope(body: XmlNode): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'S:Envelope': { '@_xmlns:S': SOAP_ENV, 'S:Body': body },
  }) as string;
}

export function fault(code: 'S:Client' | 'S:Server', message: string): string {
  return envelope({ 'S:Fault': { faultcode: code, faultstring: message } });
}

const list = (node: unknown, key: string): XmlNode[] => {
  const value = (node as XmlNode | undefined)?.[key];
  if (Array.isArray(value)) return value.filter((v) => v && typeof v === 'object') as XmlNode[];
  return value && typeof value === 'object' ? [value as XmlNode] : [];
};
const field = (node: XmlNode | undefined, key: string) => (node ? text(node, key).trim() : '');
const validDay = (value: string) => {
  if (!/^\d{8}$/.test(value)) return false;
  const date = new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10).replaceAll('-', '') === value;
};
const nextDay = (value: string) => {
  const date = new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T00:00:00Z`);
  return new Date(date.getTime() + 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
};
const count = (node: XmlNode | undefined, key: string) => {
  const value = field(node, key);
  return /^\d+$/.test(value) ? Number(value) : NaN;
};

export function createRoss1000(switches: Ross1000Switches, now: () => number) {
  /** the last day accepted per structure: a later day is refused while one between is missing */
  const lastAccepted = new Map<string, string>();
  const received: Received[] = [];

  /** The stand-in's checks of one movimento: each error with the record it names. */
  function movimentoErrors(structure: string, movimento: XmlNode): Array<{ code: string; ref: string }> {
    const data = field(movimento, 'data');
    if (!validDay(data)) return [{ code: 'DATA_NON_VALIDA', ref: data }];
    const last = lastAccepted.get(structure);
    if (last && data > last && data !== nextDay(last)) return [{ code: 'SEQUENZA', ref: nextDay(last) }];
    const errors: Array<{ code: string; ref: string }> = [];
    const struttura = movimento.struttura as XmlNode | undefined;
    const apertura = field(struttura, 'apertura');
    if (!['SI', 'NO'].includes(apertura)) errors.push({ code: 'APERTURA', ref: data });
    const rooms = count(struttura, 'cameredisponibili');
    const occupied = count(struttura, 'camereoccupate');
    const beds = count(struttura, 'lettidisponibili');
    const guests = count(struttura, 'lettioccupati');
    if (!(occupied <= rooms)) errors.push({ code: 'CAMERE', ref: data });
    if (!(guests <= beds)) errors.push({ code: 'LETTI', ref: data });
    const arrivi = list(movimento.arrivi, 'arrivo');
    if (apertura === 'NO' && (arrivi.length > 0 || occupied > 0)) errors.push({ code: 'CHIUSO_CON_ARRIVI', ref: data });
    const ids = new Set(arrivi.map((a) => field(a, 'idswh')));
    for (const arrivo of arrivi) {
      const id = field(arrivo, 'idswh');
      const type = field(arrivo, 'tipoalloggiato');
      const check = (code: string, ok: boolean) => ok || errors.push({ code, ref: id });
      check('IDSWH', id !== '');
      check('TIPO_ALLOGGIATO', ['16', '17', '18', '19', '20'].includes(type));
      check('IDCAPO', !['19', '20'].includes(type) || ids.has(field(arrivo, 'idcapo')));
      check('SESSO', ['M', 'F'].includes(field(arrivo, 'sesso')));
      check('CITTADINANZA', /^\d{9}$/.test(field(arrivo, 'cittadinanza')));
      const state = field(arrivo, 'statoresidenza');
      check('STATO_RESIDENZA', /^\d{9}$/.test(state));
      check('LUOGO_RESIDENZA', state !== ITALIA || /^\d{9}$/.test(field(arrivo, 'luogoresidenza')));
      check('DATA_NASCITA', validDay(field(arrivo, 'datanascita')));
    }
    const refused = switches.refuseDays[data];
    if (refused) errors.push({ code: ERRORS[refused] ? refused : 'MOVIMENTO_RIFIUTATO', ref: data });
    return errors;
  }

  function handle(operation: string, body: XmlNode, basic: { user: string; password: string } | null) {
    if (operation !== ROSS1000_OPERATION) {
      return {
        status: 500,
        xml: fault('S:Client', `Cannot find dispatch method for {${ROSS1000_NS}}${operation}`),
      };
    }
    const account = LOCAL_ROSS1000_ACCOUNT;
    if (!basic || basic.user !== account.utente || basic.password !== account.password) {
      return { status: 401, xml: '' };
    }
    const movimentazione = body.movimentazione as XmlNode | undefined;
    if (!movimentazione || typeof movimentazione !== 'object') {
      return { status: 500, xml: fault('S:Client', 'Elemento movimentazione mancante.') };
    }
    const structure = field(movimentazione, 'codice');
    if (structure !== account.structure) {
      return { status: 500, xml: fault('S:Client', `Struttura ${structure || '(vuota)'} non abilitata per l'utente.`) };
    }
    const results = list(movimentazione, 'movimento').map((movimento) => {
      const data = field(movimento, 'data');
      const errors = movimentoErrors(structure, movimento);
      const ok = errors.length === 0;
      if (ok && (!lastAccepted.has(structure) || data > lastAccepted.get(structure)!))
        lastAccepted.set(structure, data);
      received.push({
        at: new Date(now()).toISOString(),
        data,
        ok,
        apertura: field(movimento.struttura as XmlNode | undefined, 'apertura'),
        arrivi: list(movimento.arrivi, 'arrivo').length,
        partenze: list(movimento.partenze, 'partenza').length,
        errors: errors.map((e) => e.code),
      });
      return {
        data,
        esito: String(ok),
        ...(ok
          ? {}
          : {
              errori: {
                errore: errors.map((e) => ({ codice: e.code, descrizione: ERRORS[e.code], riferimento: e.ref })),
              },
            }),
      };
    });
    return {
      status: 200,
      xml: envelope({
        'ns2:inviaMovimentazioneResponse': {
          '@_xmlns:ns2': ROSS1000_NS,
          return: {
            esito: String(results.every((r) => r.esito === 'true')),
            dettaglio: { esitoMovimento: results },
          },
        },
      }),
    };
  }

  return {
    handle,
    received,
    reset() {
      lastAccepted.clear();
      received.length = 0;
    },
  };
}
