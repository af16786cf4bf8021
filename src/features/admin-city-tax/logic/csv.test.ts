import { describe, expect, it } from 'vitest';
import { parseEuros } from './csv';
import { CSV_FORMAT } from './istat';
import {
  declarationCsv,
  modello21Csv,
  periodLabel,
  periodsCsv,
  quarterDueDate,
  quarterOf,
  registerCsv,
  type AnnualRow,
  type PeriodRow,
} from './reports';

const period = (start: string, end: string, due: number, collected: number): PeriodRow => ({
  period_start: start,
  period_end: end,
  arrivals: 2,
  arriving_guests: 5,
  person_nights: 20,
  beyond_cap: 1,
  under_age: 3,
  resident: 1,
  patient_companion: 1,
  coach_driver_guide: 0,
  police_armed_forces: 2,
  disability_caregiver: 0,
  house_staff: 1,
  emergency_housing: 0,
  volunteer: 0,
  taxable: 12,
  due_cents: due,
  collected_cents: collected,
});

describe('amounts typed at the desk', () => {
  it('reads amounts typed at the desk, with a comma or a point', () => {
    expect(parseEuros('18')).toBe(1800);
    expect(parseEuros('18,5')).toBe(1850);
    expect(parseEuros(' 12.05 ')).toBe(1205);
    expect(parseEuros('-6,00')).toBe(-600);
    expect(parseEuros('12,345')).toBeNull();
    expect(parseEuros('abc')).toBeNull();
  });
});

describe('the register files', () => {
  it('lists each period and adds a total line for a quarter', () => {
    const csv = periodsCsv(
      [period('2026-04-01', '2026-04-30', 7800, 6000), period('2026-05-01', '2026-05-31', 1200, 1800)],
      'semicolon',
    );
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toContain('Under 10;Residents of Rome;Patient or companion;');
    expect(lines[0]).toContain('Taxable nights;Due (EUR);Collected (EUR)');
    expect(lines[1]).toBe('2026-04-01;2026-04-30;2;5;20;1;3;1;1;0;2;0;1;0;0;12;78,00;60,00');
    expect(lines[3]).toBe('2026-04-01;2026-05-31;4;10;40;2;6;2;2;0;4;0;2;0;0;24;90,00;78,00');
    expect(lines).toHaveLength(5); // header, two months, total, and the empty string after the last CRLF
    expect(csv.startsWith('\uFEFF')).toBe(true);
  });

  it('writes a stay per line, the guest name quoted when needed and never a formula', () => {
    const stay = (reference: string, guest_name: string) => ({
      reference,
      guest_name,
      check_in: '2026-04-02',
      check_out: '2026-04-05',
      ...period('', '', 3600, 3600),
      persons: 2,
    });
    const rows = [
      stay('CG-ABC123', "O'Brien; Family"),
      stay('CG-HYP001', '=HYPERLINK("http://x","y")'),
      stay('CG-SUM001', '@SUM(1)'),
    ];
    const csv = registerCsv(rows, 'semicolon');
    expect(csv).toContain(
      'CG-ABC123;"O\'Brien; Family";2026-04-02;2026-04-05;2;20;1;3;1;1;0;2;0;1;0;0;12;36,00;36,00\r\n',
    );
    expect(csv).toContain(`CG-HYP001;"'=HYPERLINK(""http://x"",""y"")";2026-04-02;`);
    expect(csv).toContain(`CG-SUM001;"'@SUM(1)";2026-04-02;`);
    expect(registerCsv(rows, 'comma')).toContain(
      "CG-ABC123,O'Brien; Family,2026-04-02,2026-04-05,2,20,1,3,1,1,0,2,0,1,0,0,12,36.00,36.00\r\n",
    );
  });

  it('names periods and finds the quarter of a day', () => {
    expect(periodLabel('2026-04-01', 'quarter')).toBe('Q2 2026');
    expect(periodLabel('2026-04-01', 'month')).toBe('April 2026');
    expect(quarterOf('2026-02-14')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterOf('2024-11-30')).toEqual({ from: '2024-10-01', to: '2024-12-31' });
    expect(quarterDueDate('2026-04-01')).toBe('2026-07-16');
    expect(quarterDueDate('2026-10-01')).toBe('2027-01-16');
  });
});

describe("the year's files", () => {
  const quarter = (
    start: string,
    end: string,
    collected: number,
    remittances: AnnualRow['remittances'],
  ): AnnualRow => ({
    period_start: start,
    period_end: end,
    arriving_guests: 11,
    person_nights: 47,
    exempt_nights: 16,
    taxable: 31,
    due_cents: 18800,
    collected_cents: collected,
    remitted_cents: remittances.reduce((sum, r) => sum + r.amount_cents, 0),
    remittances,
  });
  const rows = [
    quarter('2087-01-01', '2087-03-31', 0, []),
    quarter('2087-04-01', '2087-06-30', 10800, [
      { id: 'a', paid_on: '2087-07-10', amount_cents: 6000, reference: 'IUV 1' },
      { id: 'b', paid_on: '2087-07-15', amount_cents: 4800, reference: '=IUV 2' },
    ]),
  ];

  it('writes the Modello 21 a payment per line, the quarters without one too, and the totals', () => {
    const lines = modello21Csv(rows, 'semicolon').slice(1).split('\r\n');
    expect(lines[0]).toBe('Quarter;From;To;Collected (EUR);Paid over (EUR);Paid on;Payment (EUR);Payment reference');
    expect(lines[1]).toBe('Q1 2087;2087-01-01;2087-03-31;0,00;0,00;;;');
    expect(lines[2]).toBe('Q2 2087;2087-04-01;2087-06-30;108,00;108,00;2087-07-10;60,00;IUV 1');
    expect(lines[3]).toBe(`Q2 2087;2087-04-01;2087-06-30;108,00;108,00;2087-07-15;48,00;"'=IUV 2"`);
    expect(lines[4]).toBe('Total;2087-01-01;2087-06-30;108,00;108,00;;;');
  });

  it("writes the 30 June declaration per quarter with the year's total", () => {
    const lines = declarationCsv(rows, 'comma').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Quarter,Arriving guests,Person-nights,Exempt nights,Taxable nights,Due (EUR),Collected (EUR),Paid over (EUR)',
    );
    expect(lines[2]).toBe('Q2 2087,11,47,16,31,188.00,108.00,108.00');
    expect(lines[3]).toBe('Total,22,94,32,62,376.00,108.00,108.00');
  });
});

describe('the ISTAT movement file', () => {
  it('writes the month, the breakdown, the residence, arrivals and nights', () => {
    const csv = CSV_FORMAT.write(
      '2026-03-01',
      [
        { breakdown: 'country', code: '100000216', label: 'FRANCIA', arrivals: 3, nights: 9 },
        { breakdown: 'region', code: 'Lazio', label: 'Lazio', arrivals: 1, nights: 2 },
      ],
      'semicolon',
    );
    expect(csv).toBe(
      '\uFEFFMonth;Breakdown;Code;Residence;Arrivals;Nights\r\n' +
        '2026-03;Country of residence;100000216;FRANCIA;3;9\r\n' +
        '2026-03;Italian region;Lazio;Lazio;1;2\r\n',
    );
    expect(CSV_FORMAT.fileName('2026-03-01')).toBe('istat-movement-2026-03.csv');
  });
});
