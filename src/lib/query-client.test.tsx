import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { createQueryClient } from './query-client';

function Reads({ fail, meta }: { fail: () => Promise<never>; meta?: { errorTitle?: string; errorText?: string } }) {
  const first = useQuery({ queryKey: ['first'], queryFn: fail, retry: false, meta });
  const second = useQuery({ queryKey: ['second'], queryFn: fail, retry: false, meta });
  return <p>{first.isError && second.isError ? 'both failed' : 'loading'}</p>;
}

function renderWithClient(ui: React.ReactNode) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return client;
}

describe('the failure toast from meta', () => {
  // first: sonner keeps the toasts of earlier tests on screen
  it('shows nothing for a query without meta', async () => {
    renderWithClient(<Reads fail={() => Promise.reject(new Error('down'))} />);
    await screen.findByText('both failed');
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it('shows the spec toast titled Error with the query’s text, once for two reads failing alike', async () => {
    renderWithClient(
      <Reads fail={() => Promise.reject(new Error('down'))} meta={{ errorText: 'Failed to load users' }} />,
    );
    await screen.findByText('both failed');
    expect(await screen.findAllByText('Failed to load users')).toHaveLength(1);
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('uses the given title', async () => {
    renderWithClient(
      <Reads
        fail={() => Promise.reject(new Error('down'))}
        meta={{ errorTitle: 'Loading Error', errorText: 'Failed to load security monitoring data' }}
      />,
    );
    expect(await screen.findByText('Failed to load security monitoring data')).toBeInTheDocument();
    expect(screen.getByText('Loading Error')).toBeInTheDocument();
  });

  it('adds the database’s reason to a mutation that asks for it', async () => {
    function Save() {
      const save = useMutation({
        mutationFn: () => Promise.reject({ code: 'P0001', message: 'The last administrator cannot be demoted.' }),
        meta: { errorText: 'Failed to update user role', explainRefusal: true },
      });
      return <button onClick={() => save.mutate()}>Save</button>;
    }
    renderWithClient(<Save />);
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    expect(
      await screen.findByText('Failed to update user role. The last administrator cannot be demoted.'),
    ).toBeInTheDocument();
  });

  it('says a read needs two-factor sign-in when the database refused it for that', async () => {
    renderWithClient(
      <Reads
        fail={() => Promise.reject({ code: '42501', hint: 'aal2_required', message: 'This needs two-factor sign-in.' })}
        meta={{ errorText: 'Failed to load the police file' }}
      />,
    );
    // (the portal words it in its language: portal-refusals.test.ts)
    expect(
      await screen.findByText('Failed to load the police file. This needs two-factor sign-in.'),
    ).toBeInTheDocument();
  });
});
