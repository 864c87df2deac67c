// Sign-in and the owner account: current user, login (rate limited), registration while empty, logout,
// password change.
import { LoginSchema, PasswordChangeSchema, RegisterSchema } from '@private-notes/shared';
import { Router } from 'express';
import type { Deps } from '../app.ts';
import { createRateLimit } from '../http/rate-limit.ts';
import { parseBody } from '../http/validate.ts';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';

export function createAuthRouter({ auth, services, store }: Deps): Router {
  const router = Router();
  // Only failed attempts count, so the owner signing in on several devices is never locked out.
  const perIp = createRateLimit({
    windowMs: LOGIN_WINDOW_MS,
    limit: 20,
    message: TOO_MANY_LOGINS,
    skipSuccessfulRequests: true,
    shared: { store, prefix: 'login-ip' },
  });
  const perUsername = createRateLimit({
    windowMs: LOGIN_WINDOW_MS,
    limit: 10,
    message: TOO_MANY_LOGINS,
    skipSuccessfulRequests: true,
    shared: { store, prefix: 'login-username' },
    key: (req) => {
      const name = (req.body as { username?: unknown } | undefined)?.username;
      return `user:${typeof name === 'string' ? name.trim().toLowerCase() : ''}`;
    },
  });

  router.get('/api/user', (req, res) => {
    const user = auth.getUser(req);
    if (!user) {
      res.status(401).json({ message: 'Not authenticated' });
      return;
    }
    res.json(user);
  });

  router.post('/api/login', perIp, perUsername, async (req, res) => {
    const { username, password } = parseBody(LoginSchema, req);
    const user = await services.users.verifyCredentials(username, password);
    if (!user) {
      res.status(401).json({ message: 'Invalid username or password' });
      return;
    }
    await auth.signIn(req, res, user.id);
    res.json({ id: user.id, username: user.username });
  });

  router.post('/api/register', async (req, res) => {
    if (services.users.hasUsers()) {
      res.status(403).json({ message: 'Registration is closed' });
      return;
    }
    const { username, password } = parseBody(RegisterSchema, req);
    const user = await services.users.register(username, password);
    await auth.signIn(req, res, user.id);
    res.status(201).json({ id: user.id, username: user.username });
  });

  router.post('/api/logout', async (req, res) => {
    await auth.signOut(req, res);
    res.status(204).end();
  });

  router.put('/api/user/password', auth.requireUser, async (req, res) => {
    const body = parseBody(PasswordChangeSchema, req);
    const user = auth.getUser(req)!;
    await services.users.changePassword(user.id, body.currentPassword, body.newPassword);
    await services.sessions.destroyOthers(user.id, auth.getSession(req)!.id);
    res.status(204).end();
  });

  return router;
}
