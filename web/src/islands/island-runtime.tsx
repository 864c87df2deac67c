// The React half of the islands (loaded on the first island's hydration): one query cache for the page,
// filled from the data the server wrote, the HTTP data client, and hydrateRoot per island. The toaster
// hydrates with the first island, since islands announce through toasts.
import type { PublicDataClient } from '@private-notes/shared';
import type { ComponentType, ReactNode } from 'react';
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { DataClientContext } from '../api/data-client-context.ts';
import { httpDataClient } from '../api/http-data-client.ts';
import { QueryClientProvider } from '../api/page-cache-context.tsx';
import { createQueryClient } from '../api/query-client.ts';
import { Toaster } from '../ui/frame/Toaster.tsx';
import { ISLAND_COMPONENTS } from './island-components.ts';
import { IslandModeContext, PAGE_DATA_ID } from './island-mode.ts';
import type { IslandName } from './island-names.ts';

const queryClient = createQueryClient();
const pageData = document.getElementById(PAGE_DATA_ID)?.textContent;
if (pageData) queryClient.hydrate(JSON.parse(pageData));

function Providers({ children, data }: { children: ReactNode; data: PublicDataClient }) {
  return (
    <IslandModeContext.Provider value={true}>
      <DataClientContext.Provider value={data}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </DataClientContext.Provider>
    </IslandModeContext.Provider>
  );
}

/** Calls `onDone` once React has committed the hydrated tree (its effects run after that). */
function Hydrated({ onDone, children }: { onDone: () => void; children: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the first commit
  useEffect(onDone, []);
  return children;
}

function hydrate(element: Element, node: ReactNode): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(
      element,
      <Providers data={httpDataClient}>
        <Hydrated onDone={resolve}>{node}</Hydrated>
      </Providers>,
      {
        onRecoverableError: (error) => console.warn('Island hydration recovered:', error),
      },
    );
  });
}

let toaster: Promise<void> | null = null;

/** Hydrates one island's marker with its component and the props written beside it. */
export async function hydrateIsland(element: HTMLElement, name: IslandName): Promise<void> {
  const toasts = document.querySelector<HTMLElement>('[data-island-toaster]');
  if (toasts && !toaster) toaster = hydrate(toasts, <Toaster />);
  const Component: ComponentType<object> = await ISLAND_COMPONENTS[name]();
  const props = JSON.parse(element.dataset.islandProps ?? '{}') as object;
  await hydrate(element, <Component {...props} />);
}
