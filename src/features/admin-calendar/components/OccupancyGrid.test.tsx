import { screen } from '@testing-library/react';
import { renderWithI18n } from '@/test/render';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { visibleDays, type OccupancyItem } from '../logic/occupancy';
import { OccupancyGrid } from './OccupancyGrid';

const rooms = [
  { id: 'r1', name: 'Superior King', room_number: '101' },
  { id: 'r2', name: 'Deluxe King', room_number: '102' },
];
const items: OccupancyItem[] = [
  {
    kind: 'booking',
    id: 'b1',
    room_id: 'r1',
    check_in_date: '2027-01-05',
    check_out_date: '2027-01-08',
    status: 'confirmed',
    source: 'direct',
    label: 'Anna Rossi (CG-ABC234)',
  },
  {
    kind: 'external',
    id: 'e1',
    room_id: 'r1',
    check_in_date: '2027-01-06',
    check_out_date: '2027-01-07',
    status: 'conflict',
    source: 'airbnb',
    label: 'Reserved',
  },
  {
    kind: 'manual',
    id: 'm1',
    room_id: 'r2',
    check_in_date: '2027-01-04',
    check_out_date: '2027-01-06',
    status: 'maintenance',
    source: 'manual',
    label: 'Paint',
  },
];

describe('OccupancyGrid', () => {
  it('shows every room, each stay with its source on hover, conflicts in red', () => {
    renderWithI18n(
      <OccupancyGrid
        rooms={rooms}
        days={visibleDays('2027-01-04')}
        items={items}
        today="2027-01-04"
        onRemoveManual={() => {}}
        onShow={() => {}}
      />,
    );
    expect(screen.getByText('Superior King')).toBeInTheDocument();
    expect(
      screen.getByLabelText('Direct booking · Anna Rossi (CG-ABC234) · confirmed · 2027-01-05 → 2027-01-08'),
    ).toHaveStyle({
      gridColumn: '2 / span 3',
    });
    const conflict = screen.getByLabelText('CONFLICT · Airbnb calendar · Reserved · 2027-01-06 → 2027-01-07');
    expect(conflict).toHaveClass('bg-red-700');
    expect(conflict).toHaveStyle({ gridRow: '2' });
  });

  it('removes a manual block from the keyboard', async () => {
    const onRemoveManual = vi.fn();
    renderWithI18n(
      <OccupancyGrid
        rooms={rooms}
        days={visibleDays('2027-01-04')}
        items={items}
        today="2027-01-04"
        onRemoveManual={onRemoveManual}
        onShow={() => {}}
      />,
    );
    const block = screen.getByRole('button', {
      name: 'Manual block · Maintenance · Paint · 2027-01-04 → 2027-01-06. Remove',
    });
    block.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRemoveManual).toHaveBeenCalledWith(items[2]);
  });

  it('a tap on any other bar shows its source (touch screens have no hover)', async () => {
    const onShow = vi.fn();
    const onRemoveManual = vi.fn();
    renderWithI18n(
      <OccupancyGrid
        rooms={rooms}
        days={visibleDays('2027-01-04')}
        items={items}
        today="2027-01-04"
        onRemoveManual={onRemoveManual}
        onShow={onShow}
      />,
    );
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Direct booking · Anna Rossi (CG-ABC234) · confirmed · 2027-01-05 → 2027-01-08',
      }),
    );
    expect(onShow).toHaveBeenCalledWith(items[0]);
    expect(onRemoveManual).not.toHaveBeenCalled();
  });
});
