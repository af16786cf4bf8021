import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Link } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('does not submit the form it sits in unless it says so', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Cancel</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('with asChild is the link itself, with the look of the variant and its own classes', () => {
    render(
      <MemoryRouter>
        <Button asChild variant="outline" size="lg" className="mt-6">
          <Link to="/rooms">View Rooms</Link>
        </Button>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'View Rooms' });
    expect(link).toHaveAttribute('href', '/rooms');
    expect(link).not.toHaveAttribute('type');
    expect(link).toHaveClass('inline-flex', 'border-input', 'h-11', 'mt-6');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lets a class given by the caller win over the variant (tailwind-merge)', () => {
    render(
      <Button size="sm" className="h-10 px-0">
        Admin
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Admin' });
    expect(button).toHaveClass('h-10', 'px-0');
    expect(button).not.toHaveClass('h-9');
    expect(button).not.toHaveClass('px-3');
  });
});
