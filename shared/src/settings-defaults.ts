// The owner's settings before any are saved (SPEC section 9). Kept apart from the zod schemas so the web
// app's public pages can read them without bundling zod.
import type { Settings } from './schemas/user.ts';

export const DEFAULT_SETTINGS: Settings = {
  theme: 'light',
  emailNotifications: true,
  weeklyDigest: true,
  defaultNoteView: 'grid',
  autoSaveInterval: 60,
  fontSize: 'medium',
  compactMode: false,
  aiFeatures: true,
  displayName: '',
  bio: '',
  ownerEmail: null,
};
