// The server when it can be reached, the local algorithms when it cannot, and a server error stays an error.
import { ApiError, NETWORK_ERROR } from '@private-notes/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverOrLocal } from './server-or-local.ts';

afterEach(() => vi.unstubAllGlobals());

describe('serverOrLocal', () => {
  it("answers the server's result when it answers", async () => {
    expect(
      await serverOrLocal(
        async () => 'server',
        () => 'local',
      ),
    ).toBe('server');
  });

  it('runs locally when the server cannot be reached', async () => {
    const server = vi.fn(async () => {
      throw new ApiError(0, NETWORK_ERROR);
    });
    expect(await serverOrLocal(server, async () => 'local')).toBe('local');
    expect(server).toHaveBeenCalledOnce();
  });

  it('does not guess locally when the server answered with an error', async () => {
    const failing = async () => {
      throw new ApiError(502, '502: Failed to generate flashcards. Please try again.');
    };
    await expect(serverOrLocal(failing, () => 'local')).rejects.toThrow('502');
  });

  it('does not call the server while the browser is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const server = vi.fn(async () => 'server');
    expect(await serverOrLocal(server, () => 'local')).toBe('local');
    expect(server).not.toHaveBeenCalled();
  });
});
