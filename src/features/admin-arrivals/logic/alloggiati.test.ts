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
} from '@shared/alloggiati';

const head: PoliceRecord = {
  guest_id: 'g1',
  booking_id: 'b1',
  guest_type: 17,
  arrival_date: '2026-11-27',
  departure_date: '2026-11-30',
  surname: "D'Angelo",
  given_names: 'Maria Chiara',
  sex: 'F',
  birth_date: '1985-04-12',
  birth_comune_code: '412058091',
  birth_province: 'RM',
  birth_state_code: '100000100',
  citizenship_code: '100000100',
  document_type_code: 'IDENT',
  document_number: 'CA12345AB',
  document_issue_place_code: '412058091',
};
const member: PoliceRecord = {
  ...head,
  guest_id: 'g2',
  guest_type: 19,
  given_names: 'Luca',
  sex: 'M',
  birth_date: '2015-06-01',
  // a member's document, if any was kept, never reaches the file
  document_type_code: 'PASOR',
  document_number: 'YA0000000',
  document_issue_place_code: '412058091',
};
const foreigner: PoliceRecord = {
  ...head,
  guest_id: 'g3',
  booking_id: 'b2',
  guest_type: 16,
  surname: 'Lefèvre',
  given_names: 'Élodie',
  birth_comune_code: null,
  birth_province: null,
  birth_state_code: '100000215',
  citizenship_code: '100000215',
  document_type_code: 'PASOR',
  document_number: '18AB12345',
  document_issue_place_code: '100000215',
};

const field = (line: string, key: keyof typeof FIELD_OFFSETS) => {
  const width = ALLOGGIATI_FIELDS.find((f) => f.key === key)!.width;
  return line.slice(FIELD_OFFSETS[key], FIELD_OFFSETS[key] + width);
};

describe('the layout', () => {
  it('is 168 characters with the fields at the portal’s offsets', () => {
    expect(LINE_LENGTH).toBe(168);
    expect(FIELD_OFFSETS).toEqual({
      guest_type: 0,
      arrival_date: 2,
      nights: 12,
      surname: 14,
      given_names: 64,
      sex: 94,
      birth_date: 95,
      birth_comune_code: 105,
      birth_province: 114,
      birth_state_code: 116,
      citizenship_code: 125,
      document_type_code: 134,
      document_number: 139,
      document_issue_place_code: 159,
    });
  });

  it('writes each field at its offset, padded with spaces', () => {
    const line = alloggiatiLine(head);
    expect(line).toHaveLength(168);
    expect(field(line, 'guest_type')).toBe('17');
    expect(field(line, 'arrival_date')).toBe('27/11/2026');
    expect(field(line, 'nights')).toBe('03');
    expect(field(line, 'surname')).toBe("D'ANGELO".padEnd(50));
    expect(field(line, 'given_names')).toBe('MARIA CHIARA'.padEnd(30));
    expect(field(line, 'sex')).toBe('2');
    expect(field(line, 'birth_date')).toBe('12/04/1985');
    expect(field(line, 'birth_comune_code')).toBe('412058091');
    expect(field(line, 'birth_province')).toBe('RM');
    expect(field(line, 'birth_state_code')).toBe('100000100');
    expect(field(line, 'citizenship_code')).toBe('100000100');
    expect(field(line, 'document_type_code')).toBe('IDENT');
    expect(field(line, 'document_number')).toBe('CA12345AB'.padEnd(20));
    expect(field(line, 'document_issue_place_code')).toBe('412058091');
  });

  it('leaves the comune and province blank for a guest born abroad', () => {
    const line = alloggiatiLine(foreigner);
    expect(field(line, 'birth_comune_code')).toBe(' '.repeat(9));
    expect(field(line, 'birth_province')).toBe('  ');
    expect(field(line, 'birth_state_code')).toBe('100000215');
    expect(field(line, 'sex')).toBe('2');
  });

  it('leaves a family member’s document fields blank', () => {
    const line = alloggiatiLine(member);
    expect(line).toHaveLength(168);
    expect(line.slice(134)).toBe(' '.repeat(34));
    expect(field(line, 'sex')).toBe('1');
  });

  it('caps the days of stay at 30', () => {
    expect(field(alloggiatiLine({ ...head, departure_date: '2027-02-01' }), 'nights')).toBe('30');
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
    const long = { ...head, surname: 'A'.repeat(60), given_names: 'Bartholomew Christopher Maximilian' };
    const line = alloggiatiLine(long);
    expect(line).toHaveLength(168);
    expect(field(line, 'surname')).toBe('A'.repeat(50));
    expect(field(line, 'given_names')).toBe('BARTHOLOMEW CHRISTOPHER MAXIMI');
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
    expect(recordProblems({ ...head, document_number: null, document_issue_place_code: 'x' })).toEqual([
      'The document number is missing.',
      'The document’s place of issue is missing.',
    ]);
  });

  it('orders stays as given and keeps each stay’s guests together', () => {
    const other = { ...member, guest_id: 'g4', booking_id: 'b3', guest_type: 20 as const };
    const otherHead = { ...head, guest_id: 'g5', booking_id: 'b3', guest_type: 18 as const };
    expect(portalOrder([member, other, head, otherHead]).map((r) => r.guest_id)).toEqual(['g1', 'g2', 'g5', 'g4']);
  });
});
