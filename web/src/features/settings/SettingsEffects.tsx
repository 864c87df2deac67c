// Keeps the page's look in step with the owner's loaded settings (font size, compact mode). Renders nothing.
import { useEffect } from 'react';
import { applyDisplaySettings } from './display-settings.ts';
import { useSettings } from './use-settings.ts';

export function SettingsEffects() {
  const { settings, isLoaded } = useSettings();
  const { fontSize, compactMode } = settings;
  useEffect(() => {
    if (isLoaded) applyDisplaySettings({ fontSize, compactMode });
  }, [fontSize, compactMode, isLoaded]);
  return null;
}
