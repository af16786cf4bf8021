import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithI18n } from '@/test/render';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchInput } from './search-input';

function Harness({ onSearch }: { onSearch: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchInput
        label="Search bookings"
        placeholder="Search..."
        value={value}
        onSearch={(next) => {
          setValue(next);
          onSearch(next);
        }}
      />
      <button onClick={() => setValue('outside')}>set from outside</button>
    </>
  );
}

describe('SearchInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports the text once the user pauses typing', () => {
    const onSearch = vi.fn();
    renderWithI18n(<Harness onSearch={onSearch} />);
    const input = screen.getByRole('searchbox', { name: 'Search bookings' });
    fireEvent.change(input, { target: { value: 'ro' } });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.change(input, { target: { value: 'rossi' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('rossi');
  });

  it('clears at once with the clear button and with Escape', () => {
    const onSearch = vi.fn();
    renderWithI18n(<Harness onSearch={onSearch} />);
    const input = screen.getByRole('searchbox', { name: 'Search bookings' });
    fireEvent.change(input, { target: { value: 'anna' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(input).toHaveValue('');

    fireEvent.change(input, { target: { value: 'bob' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(input).toHaveValue('');
  });

  it('follows a value set from outside without reporting it back', () => {
    const onSearch = vi.fn();
    renderWithI18n(<Harness onSearch={onSearch} />);
    fireEvent.click(screen.getByRole('button', { name: 'set from outside' }));
    expect(screen.getByRole('searchbox')).toHaveValue('outside');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
