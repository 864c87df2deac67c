// Chakra UI for the owner's screens, mounted by the private layout (and the signed-in home). Public pages
// never load this module.
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { QuickSwitcherShortcut } from '../../features/search/QuickSwitcherShortcut.tsx';
import { chakraSystem } from './chakra-system.ts';

export function PrivateProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={chakraSystem}>
      {children}
      <QuickSwitcherShortcut />
    </ChakraProvider>
  );
}
