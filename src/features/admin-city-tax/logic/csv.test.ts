import { describe, expect, it } from 'vitest';
import { parseEuros } from './csv';
import { CSV_FORMAT } from './istat';
import { periodLabel, periodsCsv, quarterOf, registerCsv, type PeriodRow } from './reports';

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
  taxable: 13,
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
    expect(lines[1]).toBe('2026-04-01;2026-04-30;2;5;20;1;3;1;1;0;2;0;13;78,00;60,00');
    expect(lines[3]).toBe('2026-04-01;2026-05-31;4;10;40;2;6;2;2;0;4;0;26;90,00;78,00');
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
    expect(csv).toContain('CG-ABC123;"O\'Brien; Family";2026-04-02;2026-04-05;2;20;1;3;1;1;0;2;0;13;36,00;36,00\r\n');
    expect(csv).toContain(`CG-HYP001;"'=HYPERLINK(""http://x"",""y"")";2026-04-02;`);
    expect(csv).toContain(`CG-SUM001;"'@SUM(1)";2026-04-02;`);
    expect(registerCsv(rows, 'comma')).toContain(
      "CG-ABC123,O'Brien; Family,2026-04-02,2026-04-05,2,20,1,3,1,1,0,2,0,13,36.00,36.00\r\n",
    );
  });

  it('names periods and finds the quarter of a day', () => {
    expect(periodLabel('2026-04-01', 'quarter')).toBe('Q2 2026');
    expect(periodLabel('2026-04-01', 'month')).toBe('April 2026');
    expect(quarterOf('2026-02-14')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterOf('2024-11-30')).toEqual({ from: '2024-10-01', to: '2024-12-31' });
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
