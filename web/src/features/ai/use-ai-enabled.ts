// Whether to show AI buttons: Settings › aiFeatures, and nothing while the settings are still loading (so an
// owner who turned AI off never sees the buttons flash in). Without a connection the defaults apply: the
// helpers then run locally.
import { useSettings } from '../settings/use-settings.ts';

export function useAiEnabled(): boolean {
  const { settings, isLoading } = useSettings();
  return !isLoading && settings.aiFeatures;
}
