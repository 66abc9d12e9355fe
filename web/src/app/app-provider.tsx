/** Providers shared by every route: the SWR cache and the session. */
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { AuthProvider } from '../features/auth/auth-provider.js';

export function AppProvider({ children, swrProvider }: { children: ReactNode; swrProvider?: () => Map<string, unknown> }) {
  return (
    <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false, ...(swrProvider ? { provider: swrProvider as never } : {}) }}>
      <AuthProvider>{children}</AuthProvider>
    </SWRConfig>
  );
}
