// The read-only data contract public pages load through: the server implements it with its services
// (server rendering never calls itself over HTTP), the browser with HTTP calls. Also the error it throws.
import type { BlogPost, BlogPostDetail } from './schemas/blog-post.ts';
import type { Comment } from './schemas/comment.ts';
import type { User } from './schemas/user.ts';
import type { PublicSite } from './site-defaults.ts';

export interface BlogListParams {
  search?: string | undefined;
  tag?: string | undefined;
}

export interface PublicDataClient {
  /** The signed-in user, or null for an anonymous visitor. */
  currentUser(): Promise<User | null>;
  /** Published posts only, newest first. */
  listPublishedPosts(params: BlogListParams): Promise<BlogPost[]>;
  /** One published post (throws ApiError 404 when missing or a draft, unless the owner is signed in). */
  getPost(id: number): Promise<BlogPostDetail>;
  /** Published posts carrying the tag. */
  listPostsByTag(tag: string): Promise<BlogPost[]>;
  /** Approved comments for visitors; every comment for the signed-in owner. */
  listComments(postId: number): Promise<Comment[]>;
  /** The site's identity (Settings › Site) and its author (the owner's Profile). */
  getSite(): Promise<PublicSite>;
}

/** A failed call: `message` is the text SPEC section 8 shows ('{status}: {message}'); 0 = no answer. */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed error body, when the server sent JSON (a 409 carries the server's note). */
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}
