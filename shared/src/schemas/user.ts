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
});
export type Login = z.infer<typeof LoginSchema>;

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
