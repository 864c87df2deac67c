// Who is asking: reads the session cookie on every request and offers `requireUser` / `getUser(req)`.
import type { Request, RequestHandler, Response } from 'express';
import { type SessionRecord, type Store, StoreUnavailableError } from '../storage/index.ts';
import { readCookie } from './read-cookie.ts';
import { SESSION_TTL_MS, type SessionClient, type SessionService } from './session-service.ts';

export const SESSION_COOKIE = 'pn_session';

/** The signed-in user as routes see it. */
export interface AuthUser {
  id: number;
  username: string;
}

interface AuthContext {
  user: AuthUser;
  session: SessionRecord;
}

export interface Auth {
  /** Runs on every request (mounted in app.ts); attaches the user when the cookie names a live session. */
  loadSession: RequestHandler;
  /** 401 `{message:'Not authenticated'}` unless signed in. */
  requireUser: RequestHandler;
  /** The signed-in user, or null for an anonymous visitor. */
  getUser(req: Request): AuthUser | null;
  getSession(req: Request): SessionRecord | null;
  /** Starts a session for `userId` and sets its cookie on the answer. */
  signIn(req: Request, res: Response, userId: number): Promise<SessionRecord>;
  signOut(req: Request, res: Response): Promise<void>;
}

function setCookie(req: Request, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    // req.secure honours X-Forwarded-Proto when TRUST_PROXY is set.
    secure: req.secure,
    path: '/',
    maxAge: SESSION_TTL_MS,
  });
}

/** The browser and address a session is used from (the address honours TRUST_PROXY, as req.ip does). */
function clientOf(req: Request): SessionClient {
  return { userAgent: req.get('user-agent')?.slice(0, 512) ?? null, address: req.ip ?? null };
}

/**
 * `onSignIn` hears of each sign-in's request (the site's address is learned from it: http/site-origin.ts);
 * it must not throw.
 */
export function createAuth(
  store: Store,
  sessions: SessionService,
  onSignIn: (req: Request) => Promise<void> = async () => {},
): Auth {
  const contexts = new WeakMap<Request, AuthContext>();

  const loadSession: RequestHandler = async (req, res, next) => {
    const token = readCookie(req, SESSION_COOKIE);
    if (!token) return next();
    let session = sessions.find(token);
    if (!session) {
      // Signed in through another instance a moment ago? Catch up with the database once before refusing.
      await store.refresh().catch(() => {});
      session = sessions.find(token);
    }
    const user = session ? store.get('users', session.userId) : undefined;
    if (!session || !user) return next();
    // Extending the session is a write; with the disk refusing writes, reads must still work.
    const touched = await sessions.touch(session, clientOf(req)).catch((error: unknown) => {
      if (error instanceof StoreUnavailableError) return session;
      throw error;
    });
    if (touched !== session) setCookie(req, res, token);
    contexts.set(req, { user: { id: user.id, username: user.username }, session: touched });
    next();
  };

  return {
    loadSession,
    requireUser: (req, res, next) => {
      if (contexts.has(req)) return next();
      res.status(401).json({ message: 'Not authenticated' });
    },
    getUser: (req) => contexts.get(req)?.user ?? null,
    getSession: (req) => contexts.get(req)?.session ?? null,
    async signIn(req, res, userId) {
      const { token, session } = await sessions.create(userId, clientOf(req));
      setCookie(req, res, token);
      await onSignIn(req);
      return session;
    },
    async signOut(req, res) {
      const session = contexts.get(req)?.session;
      if (session) await sessions.destroy(session.id);
      contexts.delete(req);
      res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
    },
  };
}
