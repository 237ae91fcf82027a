/**
 * The staff screens' query cache: one per visit of a screen, so after logout nothing of the
 * guests' data stays in memory. Queries do not retry (postgrest-js already retries GETs on
 * network errors and 503s) and, unless a screen says otherwise, do not refetch on focus.
 */
import { type DefaultOptions, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';

export function VisitCache({ queries, children }: { queries?: DefaultOptions['queries']; children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: false, refetchOnWindowFocus: false, ...queries },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>{children}</Suspense>
    </QueryClientProvider>
  );
}
