// Client checks of the settings form, shown before any call (SPEC section 5, DECISIONS.md).
import {
  AUTO_SAVE_MAX,
  AUTO_SAVE_MIN,
  EmailSchema,
  PasswordChangeSchema,
  type Settings,
} from '@private-notes/shared';

export const AUTO_SAVE_RANGE_ERROR = `Auto-save interval must be 0 (off) or between ${AUTO_SAVE_MIN} and ${AUTO_SAVE_MAX} seconds`;

/** The auto-save error, or null: 0 turns auto-save off, otherwise 10 to 300 whole seconds. */
export function autoSaveError(value: number): string | null {
  if (!Number.isInteger(value)) return AUTO_SAVE_RANGE_ERROR;
  if (value === 0) return null;
  return value < AUTO_SAVE_MIN || value > AUTO_SAVE_MAX ? AUTO_SAVE_RANGE_ERROR : null;
}

export const OWNER_EMAIL_INVALID = 'Please enter a valid email address';

export function settingsErrors(settings: Settings): Partial<Record<keyof Settings, string>> {
  const errors: Partial<Record<keyof Settings, string>> = {};
  const autoSave = autoSaveError(settings.autoSaveInterval);
  if (autoSave) errors.autoSaveInterval = autoSave;
  if (settings.displayName.trim().length > 100)
    errors.displayName = 'Display name must be at most 100 characters';
  if (settings.bio.trim().length > 1000) errors.bio = 'Bio must be at most 1000 characters';
  const email = settings.ownerEmail?.trim() ?? '';
  // Empty is allowed (no alerts, digest or test sends); anything else must be an address the server takes.
  if (email && !EmailSchema.safeParse(email).success) errors.ownerEmail = OWNER_EMAIL_INVALID;
  return errors;
}

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The first problem with a password change ('Passwords do not match', too short...), or null. */
export function passwordError(form: PasswordForm): string | null {
  const parsed = PasswordChangeSchema.safeParse(form);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid password');
}
