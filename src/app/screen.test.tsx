import { act, render, screen as view } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from './screen';

const Page = () => <h1>Reports</h1>;

function renderInSuspense(Screen: ComponentType) {
  return render(
    <Suspense fallback={<p>Loading…</p>}>
      <Screen />
    </Suspense>,
  );
}

describe('screen', () => {
  it('renders a preloaded screen in its first commit, without showing the fallback', async () => {
    const Screen = screen(() => Promise.resolve({ default: Page }));
    await Screen.preload();
    renderInSuspense(Screen);
    expect(view.getByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(view.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('shows the fallback until a screen that was not preloaded arrives, loading it once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Page }));
    const Screen = screen(load);
    renderInSuspense(Screen);
    expect(view.getByText('Loading…')).toBeInTheDocument();
    expect(await view.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again on render when the early load failed', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error('network down'))
      .mockResolvedValue({ default: Page });
    const Screen = screen(load);
    await expect(Screen.preload()).rejects.toThrow('network down');
    await act(async () => {
      renderInSuspense(Screen);
    });
    expect(await view.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
