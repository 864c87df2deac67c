import { DEFAULT_SETTINGS } from '@private-notes/shared';
import { describe, expect, it } from 'vitest';
import {
  AUTO_SAVE_RANGE_ERROR,
  autoSaveError,
  OWNER_EMAIL_INVALID,
  passwordError,
  settingsErrors,
} from './settings-validation.ts';

describe('autoSaveError', () => {
  it('accepts 0 (off) and 10 to 300', () => {
    for (const ok of [0, 10, 60, 300]) expect(autoSaveError(ok)).toBeNull();
  });
  it('refuses values outside the range and fractions', () => {
    for (const bad of [1, 9, 301, 12.5, Number.NaN]) expect(autoSaveError(bad)).toBe(AUTO_SAVE_RANGE_ERROR);
  });
});

describe('settingsErrors', () => {
  it('is empty for the defaults and names the auto-save field when it is out of range', () => {
    expect(settingsErrors(DEFAULT_SETTINGS)).toEqual({});
    expect(settingsErrors({ ...DEFAULT_SETTINGS, autoSaveInterval: 5 })).toEqual({
      autoSaveInterval: AUTO_SAVE_RANGE_ERROR,
    });
  });
});

describe('settingsErrors: the owner e-mail', () => {
  it('takes an empty field (no address) or a valid address, and refuses anything else', () => {
    for (const ok of [null, '', '   ', 'owner@example.com', ' owner@example.com ']) {
      expect(settingsErrors({ ...DEFAULT_SETTINGS, ownerEmail: ok })).toEqual({});
    }
    for (const bad of ['owner', 'owner@', '@example.com', 'two words@example.com']) {
      expect(settingsErrors({ ...DEFAULT_SETTINGS, ownerEmail: bad })).toEqual({
        ownerEmail: OWNER_EMAIL_INVALID,
      });
    }
  });
});

describe('passwordError', () => {
  it('needs the current password, 8 characters and a matching confirmation', () => {
    expect(
      passwordError({ currentPassword: '', newPassword: 'longenough', confirmPassword: 'longenough' }),
    ).toBe('Current password is required');
    expect(passwordError({ currentPassword: 'old', newPassword: 'short', confirmPassword: 'short' })).toBe(
      'Password must be at least 8 characters',
    );
    expect(
      passwordError({ currentPassword: 'old', newPassword: 'longenough', confirmPassword: 'different' }),
    ).toBe('Passwords do not match');
    expect(
      passwordError({ currentPassword: 'old', newPassword: 'longenough', confirmPassword: 'longenough' }),
    ).toBeNull();
  });
});
