import { describe, expect, it } from 'vitest';
import { parseCodeTable } from './imports';

describe('parseCodeTable', () => {
  it('reads the portal’s CSV without its header', () => {
    const text =
      'Codice,Descrizione,Provincia,DataFineVal\r\n412058091,ROMA,RM,\r\n401001501,ABBADIA ALPINA,TO,31/12/1983 00:00:00\r\n\r\n';
    expect(parseCodeTable(text)).toEqual([
      ['412058091', 'ROMA', 'RM', ''],
      ['401001501', 'ABBADIA ALPINA', 'TO', '31/12/1983 00:00:00'],
    ]);
  });

  it('takes semicolons, a byte-order mark and quoted names with commas', () => {
    expect(parseCodeTable('\uFEFFCodice;Descrizione\nIDENT;"CARTA, IDENTITA\'"\n')).toEqual([
      ['IDENT', "CARTA, IDENTITA'"],
    ]);
  });
});
