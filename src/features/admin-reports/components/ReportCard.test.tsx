import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsvDialect } from '@/lib/csv';
import { renderWithI18n } from '@/test/render';
import type { Column } from '../logic/csv';
import { ReportCard } from './ReportCard';

interface Row {
  who: string;
  requests: number;
  value: number;
}
const COLUMNS: Column<Row>[] = [
  { label: 'Decided by', value: (row) => row.who },
  { label: 'Requests', value: (row) => row.requests },
  { label: 'Value', value: (row) => row.value, kind: 'euros' },
];
const ROWS: Row[] = [
  { who: '=HYPERLINK("http://x","y")', requests: 3, value: 324_250 },
  { who: '@SUM(1)', requests: 1, value: -600 },
];

let blobs: Blob[] = [];
beforeEach(() => {
  blobs = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:report';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  setCsvDialect('semicolon');
});

const card = () =>
  renderWithI18n(
    <ReportCard
      id="outcomes"
      title="Outcomes of requests"
      state={{ isPending: false, isError: false, refetch: () => undefined }}
      reading="Three requests."
      empty={false}
      chart={null}
      columns={COLUMNS}
      rows={ROWS}
      period={{ from: '2026-12-01', lastNight: '2026-12-31' }}
    />,
  );

async function download() {
  fireEvent.click(screen.getByRole('button', { name: /download csv/i }));
  expect(blobs).toHaveLength(1);
  const bytes = new Uint8Array(await blobs[0].arrayBuffer());
  return { bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), type: blobs[0].type };
}

describe('the report card CSV', () => {
  it('downloads UTF-8 with a byte-order mark, numbers as numbers and formulas neutralised', async () => {
    card();
    const { bytes, text, type } = await download();
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(type).toBe('text/csv;charset=utf-8');
    expect(text).toBe(
      '\uFEFFDecided by;Requests;Value (EUR)\r\n' +
        `"'=HYPERLINK(""http://x"",""y"")";3;3242,50\r\n` +
        `"'@SUM(1)";1;-6,00\r\n`,
    );
    const link = vi.mocked(HTMLAnchorElement.prototype.click).mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('outcomes-2026-12-01-to-2026-12-31.csv');
  });

  it('follows the dialect chosen for this browser', async () => {
    setCsvDialect('comma');
    card();
    const { text } = await download();
    expect(text.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://x"",""y"")",3,3242.50`);
  });

  it('shows the same figures in its table, formatted', () => {
    card();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Table' }));
    const table = screen.getByRole('region', { name: 'Outcomes of requests: table' });
    expect(table).toHaveTextContent('=HYPERLINK("http://x","y")3€3,243');
  });
});
