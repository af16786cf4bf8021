import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { AmenityListEditor } from './AmenityListEditor';

function Harness({ initial = [] as string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <AmenityListEditor value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const current = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]');

describe('AmenityListEditor', () => {
  it('adds a custom amenity with Enter and with the plus button, without duplicates', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    const input = screen.getByLabelText('Custom amenity');
    await user.type(input, 'Espresso machine{Enter}');
    expect(current()).toEqual(['Espresso machine']);
    expect(input).toHaveValue('');

    await user.type(input, 'Terrace');
    await user.click(screen.getByRole('button', { name: 'Add amenity' }));
    expect(current()).toEqual(['Espresso machine', 'Terrace']);

    await user.type(input, 'terrace{Enter}');
    expect(current()).toEqual(['Espresso machine', 'Terrace']);
  });

  it('toggles presets and removes entries', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Harness initial={['WiFi']} />);
    expect(screen.getByRole('button', { name: 'WiFi' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Balcony' }));
    expect(current()).toEqual(['WiFi', 'Balcony']);
    await user.click(screen.getByRole('button', { name: 'WiFi' }));
    expect(current()).toEqual(['Balcony']);
    await user.click(screen.getByRole('button', { name: 'Balcony' }));
    expect(current()).toEqual([]);
  });

  it('lists each amenity once: presets on their buttons, custom ones with a remove button', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Harness initial={['WiFi', 'Terrace']} />);
    expect(screen.getAllByText('WiFi')).toHaveLength(1);
    expect(screen.getByRole('list', { name: 'Custom amenities' })).toHaveTextContent('Terrace');
    expect(screen.queryByRole('button', { name: 'Remove WiFi' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Terrace' }));
    expect(current()).toEqual(['WiFi']);
  });

  it('disables the plus button while the draft is blank', () => {
    renderWithI18n(<Harness />);
    expect(screen.getByRole('button', { name: 'Add amenity' })).toBeDisabled();
  });
});
