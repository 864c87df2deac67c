import { describe, expect, it } from 'vitest';
import { EmailSchema } from '../schemas/common.ts';
import {
  hasFormErrors,
  isValidEmail,
  validateCommentForm,
  validateUnsubscribeEmail,
} from './validate-comment-form.ts';

describe('validateCommentForm', () => {
  it('passes a complete form', () => {
    const errors = validateCommentForm({ name: 'Ada', email: 'ada@example.com', text: 'Nice post' });
    expect(errors).toEqual({});
    expect(hasFormErrors(errors)).toBe(false);
  });

  it('names every empty field with the spec message', () => {
    const errors = validateCommentForm({ name: ' ', email: '', text: '\n' });
    expect(errors).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      text: 'Comment text is required',
    });
    expect(hasFormErrors(errors)).toBe(true);
  });

  it('rejects a badly shaped email', () => {
    expect(validateCommentForm({ name: 'A', email: 'not-an-email', text: 'x' })).toEqual({
      email: 'Invalid email format',
    });
  });
});

describe('isValidEmail', () => {
  it('accepts ordinary addresses, trimmed', () => {
    expect(isValidEmail('a.b+tag@example.co.uk')).toBe(true);
    expect(isValidEmail('  ada@example.com ')).toBe(true);
  });

  it('refuses addresses without @, domain or with spaces', () => {
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'a@b@c.com']) {
      expect(isValidEmail(bad)).toBe(false);
    }
  });
});

describe('isValidEmail agrees with the server schema', () => {
  it.each([
    'ada@example.com',
    ' ada@example.com ',
    'first.last@sub.example.org',
    "o'brien@example.ie",
    'user+tag@example.io',
    'x@y.co',
    'a@b.c',
    'a@-b.com',
    'a..b@example.com',
    '.a@example.com',
    'a.@example.com',
    'ada@example.c0m',
    'ada@exam_ple.com',
    'ünï@example.com',
    `${'a'.repeat(250)}@example.com`,
    `${'a'.repeat(240)}@example.com`,
    'plainaddress',
    '',
  ])('%j', (email) => {
    expect(isValidEmail(email)).toBe(EmailSchema.safeParse(email).success);
  });
});

describe('validateUnsubscribeEmail', () => {
  it('gives the spec message for an invalid address and null for a valid one', () => {
    expect(validateUnsubscribeEmail('nope')).toBe('Please enter a valid email address');
    expect(validateUnsubscribeEmail('me@example.com')).toBeNull();
  });
});
