// The owner account and the owner's settings.
import { z } from 'zod';
import { EmailSchema, IdSchema } from './common.ts';

export const USERNAME_MAX = 64;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const UserSchema = z.object({ id: IdSchema, username: z.string() });
export type User = z.infer<typeof UserSchema>;

export const LoginSchema = z.object({
  username: z.string().trim().min(1, 'Username and password are required').max(USERNAME_MAX),
  password: z.string().min(1, 'Username and password are required').max(PASSWORD_MAX),
  /** The second factor, when it is on: a 6-digit authenticator code or a recovery code. */
  code: z.string().trim().max(64).optional(),
});
export type Login = z.infer<typeof LoginSchema>;

/** A 401 from POST /api/login whose password was right but whose second factor is missing or wrong. */
export interface SecondFactorRequired {
  message: string;
  secondFactor: 'totp';
  /** 'used': the code is a current one already used (each code signs in once). */
  reason?: 'used';
}

/** A sign-in code refused because it was already used (each code works once). */
export const CODE_ALREADY_USED = 'That code was already used; wait for the next one.';

/** GET /api/login/options. */
export interface LoginOptions {
  /** The owner's username: the form's default when this device has not signed in before. */
  defaultUsername: string;
}

export const TotpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export const PasswordConfirmSchema = z.object({
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});

/** A fresh proof of the owner lasts this long for the session that gave it (adding a passkey needs one). */
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;
/** The 403 answer's text when an action needs a fresh proof the session has not given. */
export const REAUTH_REQUIRED_MESSAGE =
  'Confirm your password first: this needs a fresh proof that it is you.';

/** A second factor typed to prove it is the owner: a current code or a recovery code. */
const OwnerCodeSchema = z
  .string({ error: 'Enter the code from your authenticator app' })
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(32, 'Enter the code from your authenticator app');

/** POST /api/user/reauth: the password, and the code when two-factor authentication is on. */
export const ReauthSchema = PasswordConfirmSchema.extend({ code: OwnerCodeSchema.optional() });

/** POST /api/user/totp/disable: the password and a code from the app (or a recovery code). */
export const TotpDisableSchema = PasswordConfirmSchema.extend({ code: OwnerCodeSchema });

/** GET /api/user/totp. */
export interface TotpStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** POST /api/user/totp/setup: a new secret to confirm with a code (nothing changes until then). */
export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as an SVG QR code. */
  qrSvg: string;
}

/** One signed-in session as Settings › Security lists it. */
export interface SessionInfo {
  id: number;
  /** "Chrome on Windows", from the user agent; "Unknown device" without one. */
  device: string;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export const PASSKEY_NAME_MAX = 64;
export const PasskeyNameSchema = z.string().trim().min(1, 'Name the passkey').max(PASSKEY_NAME_MAX);
export const PasskeyRegisterSchema = z.object({
  name: PasskeyNameSchema,
  /** The browser's registration answer (verified by the server's WebAuthn library). */
  response: z.record(z.string(), z.unknown()),
});
export const PasskeyLoginSchema = z.object({ response: z.record(z.string(), z.unknown()) });

export interface PasskeyInfo {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export const RegisterSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(USERNAME_MAX)
    .regex(/^[A-Za-z0-9_.-]+$/, 'may contain only letters, digits, ".", "-" and "_"'),
  password: z.string().min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`).max(PASSWORD_MAX),
});

export const PasswordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
    newPassword: z
      .string()
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX),
    confirmPassword: z.string().max(PASSWORD_MAX),
    /** Also remove every passkey of the owner, in the same write as the new password (off unless asked). */
    removePasskeys: z.boolean().optional(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

export const THEMES = ['light', 'dark', 'system'] as const;
export const ThemeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof ThemeSchema>;

export const AUTO_SAVE_MIN = 10;
export const AUTO_SAVE_MAX = 300;

/** GET/PUT /api/user/settings. Passwords are never part of settings: see PasswordChangeSchema. */
export const SettingsSchema = z.object({
  theme: ThemeSchema,
  emailNotifications: z.boolean(),
  weeklyDigest: z.boolean(),
  defaultNoteView: z.enum(['grid', 'list']),
  autoSaveInterval: z
    .number()
    .int('must be a whole number of seconds')
    .refine(
      (n) => n === 0 || (n >= AUTO_SAVE_MIN && n <= AUTO_SAVE_MAX),
      `must be 0 or between ${AUTO_SAVE_MIN} and ${AUTO_SAVE_MAX}`,
    ),
  fontSize: z.enum(['small', 'medium', 'large']),
  compactMode: z.boolean(),
  aiFeatures: z.boolean(),
  displayName: z.string().trim().max(100, 'must be at most 100 characters'),
  bio: z.string().trim().max(1000, 'must be at most 1000 characters'),
  /** The owner's own address (alerts, the weekly digest, test sends). Empty text saves as null. */
  ownerEmail: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      EmailSchema.nullable().optional(),
    )
    .transform((v) => v ?? null),
});
export type Settings = z.infer<typeof SettingsSchema>;

export { DEFAULT_SETTINGS } from '../settings-defaults.ts';
