// The owner's settings for any screen: defaultNoteView, autoSaveInterval (seconds, 0 = off), aiFeatures,
// fontSize, compactMode... SPEC defaults until they load; fetched only while someone is signed in.
import { DEFAULT_SETTINGS, type Settings } from '@private-notes/shared';
import { settingsQuery } from '../../api/queries.ts';
import { useQuery } from '../../api/use-query.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';

export function useSettings(): {
  settings: Settings;
  isLoading: boolean;
  isLoaded: boolean;
  error: Error | null;
} {
  const { user } = useCurrentUser();
  const query = useQuery({ ...settingsQuery(), enabled: !!user });
  return {
    settings: query.data ?? DEFAULT_SETTINGS,
    isLoading: !!user && query.isPending,
    /** True once the owner's saved settings are in (false for anonymous visitors). */
    isLoaded: !!user && query.data !== undefined,
    error: query.error,
  };
}
