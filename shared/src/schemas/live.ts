// The live channel (GET /api/live, server-sent events): which of the owner's feeds moved. Events carry feed
// names and the store's sequence number only; the device then pulls each feed with the pull it already has.
import { z } from 'zod';

/** The live channel's address; its events are read as text/event-stream. */
export const LIVE_PATH = '/api/live';

/**
 * Every feed a device may follow: the synced ones (pulled into the browser's database) and the ones screens
 * read from the server directly (blog admin, Outbox, settings, subscribers, AI history).
 */
export const LIVE_FEEDS = [
  'notes',
  'trash',
  'revisions',
  'cards',
  'reviews',
  'settings',
  'posts',
  'subscribers',
  'outbox',
  'explanations',
  /** The owner's vault header (locked notes): GET /api/vault. */
  'vault',
] as const;
export type LiveFeed = (typeof LIVE_FEEDS)[number];

/** The feeds the sync engine pulls into the browser's database (the rest are screens' server reads). */
export const SYNCED_LIVE_FEEDS: readonly LiveFeed[] = ['notes', 'trash', 'revisions', 'cards', 'reviews'];

/** The server's heartbeat comment: proxies see traffic, and a device that hears nothing for long reconnects. */
export const LIVE_HEARTBEAT_MS = 25_000;

/**
 * A device's writers whose rounds pull right after they push, so the events of their own commits need no pull:
 * `notes-push` is the sync engine's batch push (POST /api/notes/batch).
 */
export const LIVE_WRITERS = ['notes-push'] as const;
export type LiveWriter = (typeof LIVE_WRITERS)[number];

/**
 * `event: hello` (the first event of a channel) and `event: feeds` (a commit). The SSE `id:` is `seq`: sent
 * back as Last-Event-ID on a resume, the server answers in its hello every feed that moved since.
 */
const isLiveFeed = (name: string): name is LiveFeed => (LIVE_FEEDS as readonly string[]).includes(name);

export const LiveEventSchema = z.object({
  seq: z.number().int().nonnegative(),
  // A feed a later server names (an app cached before it was added) is left out, not the whole event: the
  // event's other feeds, and a hello's "everything moved", still count.
  feeds: z.array(z.string()).transform((names) => names.filter(isLiveFeed)),
  /**
   * Sent only to the channels of the session that made the commit, when one of its own writers did (the
   * commit holds nothing else): that writer's round already pulls what it committed. A writer this version
   * does not know is treated as someone else's: the device pulls.
   */
  own: z
    .string()
    .optional()
    .transform((writer) =>
      (LIVE_WRITERS as readonly string[]).includes(writer ?? '') ? (writer as LiveWriter) : undefined,
    ),
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;
