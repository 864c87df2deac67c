import { ApiError } from '@private-notes/shared';
import { describe, expect, it } from 'vitest';
import { errorText } from './error-text.ts';

describe('errorText', () => {
  it('shows the server sentence without the status or the field name', () => {
    const error = new ApiError(400, '400: code: That code is not right. Check the time on your device.', {
      message: 'code: That code is not right. Check the time on your device.',
    });
    expect(errorText(error, 'fallback')).toBe('That code is not right. Check the time on your device.');
  });

  it('keeps a message with no field name, and falls back without one', () => {
    expect(errorText(new ApiError(409, '409: Start again', { message: 'Start again' }), 'x')).toBe(
      'Start again',
    );
    expect(errorText(new Error(''), 'The passkey was not added.')).toBe('The passkey was not added.');
    expect(errorText(new Error('Network request failed'), 'x')).toBe('Network request failed');
  });
});
