import { fireEvent, screen } from '@testing-library/react';
import { renderWithI18n } from '@/test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  initialSidebarOpen,
  readSidebarCookie,
  Sidebar,
  SidebarLabel,
  SidebarProvider,
  SidebarTrigger,
} from './sidebar';

let mobile = false;
const listeners = new Set<() => void>();

beforeEach(() => {
  mobile = false;
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({
      get matches() {
        return mobile;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  document.cookie = 'sidebar:state=; max-age=0; path=/';
});
afterEach(() => vi.unstubAllGlobals());

function Harness() {
  return (
    <SidebarProvider>
      <Sidebar label="Admin navigation">
        <SidebarLabel>Rooms</SidebarLabel>
      </Sidebar>
      <SidebarTrigger />
    </SidebarProvider>
  );
}

describe('sidebar', () => {
  it('reads the cookie', () => {
    expect(readSidebarCookie('a=1; sidebar:state=false')).toBe(false);
    expect(readSidebarCookie('sidebar:state=true')).toBe(true);
    expect(readSidebarCookie('other=1')).toBeNull();
  });

  it('starts icon-only on a tablet-sized window, whatever the cookie says', () => {
    expect(initialSidebarOpen('sidebar:state=true', 768, true)).toBe(false);
    expect(initialSidebarOpen('', 1023, true)).toBe(false);
    expect(initialSidebarOpen('', 1024, true)).toBe(true);
    expect(initialSidebarOpen('sidebar:state=false', 1366, true)).toBe(false);
    expect(initialSidebarOpen('sidebar:state=true', 1366, false)).toBe(true);
  });

  it('collapses to icons with Ctrl+B or Cmd+B and remembers it in the cookie', () => {
    renderWithI18n(<Harness />);
    const aside = screen.getByRole('complementary');
    expect(aside).toHaveAttribute('data-state', 'expanded');
    expect(aside).toHaveClass('w-[16rem]');
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(aside).toHaveAttribute('data-state', 'collapsed');
    expect(aside).toHaveClass('w-[3rem]');
    expect(document.cookie).toContain('sidebar:state=false');
    fireEvent.keyDown(window, { key: 'B', metaKey: true });
    expect(aside).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain('sidebar:state=true');
  });

  it('starts collapsed when the cookie says so', () => {
    document.cookie = 'sidebar:state=false; path=/';
    renderWithI18n(<Harness />);
    expect(screen.getByRole('complementary')).toHaveAttribute('data-state', 'collapsed');
  });

  it('is a drawer below 768px, opened by the trigger', () => {
    mobile = true;
    renderWithI18n(<Harness />);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(screen.getByRole('dialog', { name: 'Admin navigation' })).toHaveClass('w-[18rem]');
  });
});
