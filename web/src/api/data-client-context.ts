// The data client of an island (islands/island-runtime.tsx), which has no router to carry it.
import type { PublicDataClient } from '@private-notes/shared';
import { createContext } from 'react';

export const DataClientContext = createContext<PublicDataClient | null>(null);
