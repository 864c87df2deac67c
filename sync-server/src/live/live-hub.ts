// Every open live channel of this instance, fed by the store's commits (this instance's and, on PostgreSQL,
// other instances' once replayed here through LISTEN/NOTIFY): each commit that moved one of the owner's
// feeds is one small event to every channel whose session is still signed in. A commit that ends a session
// closes that session's channels before any event of it goes out. A commit made by a session's own sync
// push (storage/commit-author.ts) is marked `own` on that session's channels only. One timer sends every heartbeat, so idle
// channels cost no CPU between them. See docs/decisions/live-sync-channel.md.
import { LIVE_HEARTBEAT_MS, type LiveFeed } from '@private-notes/shared';
import type { Response } from 'express';
import type { Commit } from '../storage/commit-listeners.ts';
import type { Store } from '../storage/index.ts';
import { effectsOf } from './feeds-of-commit.ts';
import { LiveChannel, SSE_HEARTBEAT, sseEvent } from './live-channel.ts';
import { RecentCommits } from './recent-commits.ts';

export interface LiveHubOptions {
  heartbeatMs?: number;
  now?: () => number;
}

export class LiveHub {
  readonly #store: Store;
  readonly #channels = new Set<LiveChannel>();
  readonly #recent: RecentCommits;
  readonly #heartbeatMs: number;
  readonly #now: () => number;
  readonly #stopListening: () => void;
  #heartbeat: NodeJS.Timeout | null = null;

  constructor(store: Store, options: LiveHubOptions = {}) {
    this.#store = store;
    this.#recent = new RecentCommits(store.durableSeq);
    this.#heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
    this.#now = options.now ?? Date.now;
    this.#stopListening = store.onCommit((commit) => this.#onCommit(commit));
  }

  get size(): number {
    return this.#channels.size;
  }

  get heartbeatMs(): number {
    return this.#heartbeatMs;
  }

  /**
   * Opens a channel on `res` (headers already set by the router) for `sessionId`. `since`: the device's
   * Last-Event-ID; its hello then names every feed that moved after it.
   */
  open(sessionId: number, res: Response, since: number | null): LiveChannel {
    const channel = new LiveChannel(sessionId, res);
    const feeds: LiveFeed[] = since === null ? [] : this.#recent.since(since);
    channel.write(`retry: 2000\n${sseEvent('hello', this.#recent.head, { seq: this.#recent.head, feeds })}`);
    this.#channels.add(channel);
    res.on('close', () => this.#channels.delete(channel));
    this.#startHeartbeat();
    return channel;
  }

  /** Ends every channel and keeps serving: devices reconnect and resume (a drop, as a proxy restart makes). */
  disconnectAll(): void {
    for (const channel of this.#channels) channel.close();
    this.#channels.clear();
  }

  /** Ends every channel (shutdown); devices reconnect to whichever instance answers next. */
  close(): void {
    this.#stopListening();
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    this.disconnectAll();
  }

  #signedIn(sessionId: number): boolean {
    const session = this.#store.get('sessions', sessionId);
    return session !== undefined && Date.parse(session.expiresAt) > this.#now();
  }

  #onCommit(commit: Commit): void {
    const effects = effectsOf(commit);
    if (effects.reloaded) this.#recent.reset(commit.seq);
    else this.#recent.record(commit.seq, [...effects.feeds]);
    for (const channel of this.#channels) {
      if (
        effects.endedSessions.has(channel.sessionId) ||
        (effects.reloaded && !this.#signedIn(channel.sessionId))
      )
        this.#end(channel);
    }
    if (effects.feeds.size === 0 || this.#channels.size === 0) return;
    const data = { seq: commit.seq, feeds: [...effects.feeds] };
    const event = sseEvent('feeds', commit.seq, data);
    // The session whose own push made the commit hears it marked so: that push's round pulls it already.
    const author = commit.author;
    const ownEvent = author ? sseEvent('feeds', commit.seq, { ...data, own: author.via }) : event;
    for (const channel of this.#channels) {
      // A session may also have expired, or ended in a commit this instance has not replayed as a delete.
      if (this.#signedIn(channel.sessionId))
        channel.write(channel.sessionId === author?.sessionId ? ownEvent : event);
      else this.#end(channel);
    }
  }

  #end(channel: LiveChannel): void {
    channel.close();
    this.#channels.delete(channel);
  }

  #startHeartbeat(): void {
    if (this.#heartbeat) return;
    this.#heartbeat = setInterval(() => this.#beat(), this.#heartbeatMs);
    this.#heartbeat.unref();
  }

  #beat(): void {
    for (const channel of this.#channels) {
      if (channel.closed) this.#channels.delete(channel);
      else if (!this.#signedIn(channel.sessionId)) this.#end(channel);
      else channel.write(SSE_HEARTBEAT);
    }
    if (this.#channels.size === 0 && this.#heartbeat) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = null;
    }
  }
}
