import { describe, expect, it } from 'vitest';
import {
  ALLOGGIATI_FIELDS,
  FIELD_OFFSETS,
  LINE_LENGTH,
  alloggiatiLine,
  portalOrder,
  portalText,
  recordProblems,
  writeAlloggiatiFile,
  type PoliceRecord,
} from './alloggiati';

const head: PoliceRecord = {
  guestId: 'g1',
  bookingId: 'b1',
  guestType: 17,
  arrivalDate: '2026-11-27',
  departureDate: '2026-11-30',
  surname: "D'Angelo",
  givenNames: 'Maria Chiara',
  sex: 'F',
  birthDate: '1985-04-12',
  birthComuneCode: '412058091',
  birthProvince: 'RM',
  birthStateCode: '100000100',
  citizenshipCode: '100000100',
  documentTypeCode: 'IDENT',
  documentNumber: 'CA12345AB',
  documentIssuePlaceCode: '412058091',
};
const member: PoliceRecord = {
  ...head,
  guestId: 'g2',
  guestType: 19,
  givenNames: 'Luca',
  sex: 'M',
  birthDate: '2015-06-01',
  // a member's document, if any was kept, never reaches the file
  documentTypeCode: 'PASOR',
  documentNumber: 'YA0000000',
  documentIssuePlaceCode: '412058091',
};
const foreigner: PoliceRecord = {
  ...head,
  guestId: 'g3',
  bookingId: 'b2',
  guestType: 16,
  surname: 'Lefèvre',
  givenNames: 'Élodie',
  birthComuneCode: null,
  birthProvince: null,
  birthStateCode: '100000215',
  citizenshipCode: '100000215',
  documentTypeCode: 'PASOR',
  documentNumber: '18AB12345',
  documentIssuePlaceCode: '100000215',
};

const field = (line: string, key: keyof typeof FIELD_OFFSETS) => {
  const width = ALLOGGIATI_FIELDS.find((f) => f.key === key)!.width;
  return line.slice(FIELD_OFFSETS[key], FIELD_OFFSETS[key] + width);
};

describe('the layout', () => {
  it('is 168 characters with the fields at the portal’s offsets', () => {
    expect(LINE_LENGTH).toBe(168);
    expect(FIELD_OFFSETS).toEqual({
      guestType: 0,
      arrivalDate: 2,
      nights: 12,
      surname: 14,
      givenNames: 64,
      sex: 94,
      birthDate: 95,
      birthComuneCode: 105,
      birthProvince: 114,
      birthStateCode: 116,
      citizenshipCode: 125,
      documentTypeCode: 134,
      documentNumber: 139,
      documentIssuePlaceCode: 159,
    });
  });

  it('writes each field at its offset, padded with spaces', () => {
    const line = alloggiatiLine(head);
    expect(line).toHaveLength(168);
    expect(field(line, 'guestType')).toBe('17');
    expect(field(line, 'arrivalDate')).toBe('27/11/2026');
    expect(field(line, 'nights')).toBe('03');
    expect(field(line, 'surname')).toBe("D'ANGELO".padEnd(50));
    expect(field(line, 'givenNames')).toBe('MARIA CHIARA'.padEnd(30));
    expect(field(line, 'sex')).toBe('2');
    expect(field(line, 'birthDate')).toBe('12/04/1985');
    expect(field(line, 'birthComuneCode')).toBe('412058091');
    expect(field(line, 'birthProvince')).toBe('RM');
    expect(field(line, 'birthStateCode')).toBe('100000100');
    expect(field(line, 'citizenshipCode')).toBe('100000100');
    expect(field(line, 'documentTypeCode')).toBe('IDENT');
    expect(field(line, 'documentNumber')).toBe('CA12345AB'.padEnd(20));
    expect(field(line, 'documentIssuePlaceCode')).toBe('412058091');
  });

  it('leaves the comune and province blank for a guest born abroad', () => {
    const line = alloggiatiLine(foreigner);
    expect(field(line, 'birthComuneCode')).toBe(' '.repeat(9));
    expect(field(line, 'birthProvince')).toBe('  ');
    expect(field(line, 'birthStateCode')).toBe('100000215');
    expect(field(line, 'sex')).toBe('2');
  });

  it('leaves a family member’s document fields blank', () => {
    const line = alloggiatiLine(member);
    expect(line).toHaveLength(168);
    expect(line.slice(134)).toBe(' '.repeat(34));
    expect(field(line, 'sex')).toBe('1');
  });

  it('caps the days of stay at 30', () => {
    expect(field(alloggiatiLine({ ...head, departureDate: '2027-02-01' }), 'nights')).toBe('30');
  });
});

describe('names', () => {
  it('keeps apostrophes and spaces, drops accents, writes a final accent as an apostrophe', () => {
    expect(portalText('d’Angelo')).toBe("D'ANGELO");
    expect(portalText('  De   La Cruz ')).toBe('DE LA CRUZ');
    expect(portalText('Lefèvre')).toBe('LEFEVRE');
    expect(portalText('Élodie')).toBe('ELODIE');
    expect(portalText('Nicolò')).toBe("NICOLO'");
    expect(portalText('Forlì-Cesena')).toBe("FORLI'-CESENA");
    expect(portalText('Müller-Straße')).toBe('MULLER-STRASSE');
    expect(portalText('Łukasz Søren')).toBe('LUKASZ SOREN');
  });

  it('cuts names longer than their fields', () => {
    const long = { ...head, surname: 'A'.repeat(60), givenNames: 'Bartholomew Christopher Maximilian' };
    const line = alloggiatiLine(long);
    expect(line).toHaveLength(168);
    expect(field(line, 'surname')).toBe('A'.repeat(50));
    expect(field(line, 'givenNames')).toBe('BARTHOLOMEW CHRISTOPHER MAXIMI');
    expect(field(line, 'sex')).toBe('2');
  });

  it('names characters of other scripts as a problem', () => {
    expect(recordProblems({ ...foreigner, surname: 'Иванова' })).toEqual([
      'The surname has characters the portal does not accept: use the Latin spelling of the passport.',
    ]);
  });
});

describe('the file', () => {
  it('puts members right after their head, singles after, CRLF between lines only', () => {
    const file = writeAlloggiatiFile('2026-11-27', [foreigner, member, head]);
    expect(file.guestIds).toEqual(['g3', 'g1', 'g2']);
    const lines = file.content.split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.length === 168)).toBe(true);
    expect(file.content.endsWith('\r\n')).toBe(false);
    expect(file.content.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines.map((line) => line.slice(0, 2))).toEqual(['16', '17', '19']);
    expect(file.fileName).toBe('alloggiati-2026-11-27.txt');
  });

  it('refuses a member without the head in the file, and a head without a document', () => {
    expect(recordProblems(member, [member])).toEqual([
      'A family member must be reported with the head of family, who is not in this file.',
    ]);
    expect(() => writeAlloggiatiFile('2026-11-27', [member])).toThrow('g2');
    expect(recordProblems({ ...head, documentNumber: null, documentIssuePlaceCode: 'x' })).toEqual([
      'The document number is missing.',
      'The document’s place of issue is missing.',
    ]);
  });

  it('orders stays as given and keeps each stay’s guests together', () => {
    const other = { ...member, guestId: 'g4', bookingId: 'b3', guestType: 20 as const };
    const otherHead = { ...head, guestId: 'g5', bookingId: 'b3', guestType: 18 as const };
    expect(portalOrder([member, other, head, otherHead]).map((r) => r.guestId)).toEqual(['g1', 'g2', 'g5', 'g4']);
  });
});
