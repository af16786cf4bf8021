import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import type { Database } from '@/types/database';
import { COMPLIANCE_DEFAULTS, useSiteCompliance } from './site-compliance';

const rpc = vi.fn();
vi.mock('./public-db', () => ({ publicDb: { rpc: (...args: unknown[]) => rpc(...args) } }));

// what site_compliance answers (public.site_compliance_view), as the generated types say
const settings = {
  cin: 'IT058091C2ABCDE1234',
  stay_contact_retention_years: 5,
  contact_message_retention_months: 6,
  privacy_contact_email: null,
  identity_document_retention_days: 14,
} satisfies Database['public']['Functions']['site_compliance']['Returns'];

function renderCompliance() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSiteCompliance(), { wrapper });
}

describe('useSiteCompliance', () => {
  it('states the defaults until the settings arrive, then the admins’ CIN and periods', async () => {
    rpc.mockResolvedValue({ data: settings, error: null });
    const { result } = renderCompliance();
    expect(result.current).toEqual(COMPLIANCE_DEFAULTS);
    await waitFor(() => expect(result.current).toEqual(settings));
    expect(rpc).toHaveBeenCalledWith('site_compliance');
  });

  it('keeps the stated defaults when the settings cannot be read', async () => {
    rpc.mockResolvedValue({ data: null, error: { message: 'unreachable', code: '' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderCompliance();
    await waitFor(() => expect(console.error).toHaveBeenCalled(), { timeout: 4000 });
    expect(result.current).toEqual(COMPLIANCE_DEFAULTS);
  });
});
