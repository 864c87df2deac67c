// The owner account the browser-test server is started with (a fresh DATA_DIR every run).
export const E2E_OWNER = {
  username: 'admin',
  password: process.env.E2E_OWNER_PASSWORD ?? 'e2e-owner-password-1',
} as const;

/** The port of the test server: 4310 for the shell's specs; other engineers pass their own E2E_PORT. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
