/**
 * The one SWR set-up of the web unit tests: a fresh cache per render (conventions: `provider: () => new Map()`,
 * `dedupingInterval: 0`), no retries of a failed call and no refetch on focus, so each test sees exactly the calls it makes.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';

/** Wraps `children` in an SWRConfig with a cache of its own. */
export function FreshSwr({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false }}>{children}</SWRConfig>;
}

/** Renders `ui` with a fresh SWR cache, inside a MemoryRouter (at `/`). */
export function renderFresh(ui: ReactNode) {
  return render(<FreshSwr><MemoryRouter>{ui}</MemoryRouter></FreshSwr>);
}
