// Every call of SPEC section 7 (plus DECISIONS.md's additions), typed with the shared schemas' types.
// Screens and query factories call these; nothing else builds an /api URL. Answers are trusted as typed
// (the server validates and shapes them): parsing them with zod here would put zod in every public page's
// bundle (see docs/decisions/public-pages-ssr-and-bundle.md).
import {
  API,
  type BlogListParams,
  type BlogPost,
  type BlogPostCreate,
  type BlogPostDetail,
  type BlogPostUpdate,
  type Comment,
  type CommentCreate,
  type DateRange,
  type EmptyTrashResult,
  type Explanation,
  type Flashcard,
  type Login,
  type Note,
  type NoteChanges,
  type NoteCreate,
  type NoteUpdate,
  type PasswordChange,
  type PendingComment,
  type PublicSite,
  type Revision,
  type RevisionSummary,
  type Settings,
  type SiteSettings,
  type Subscribe,
  type Subscriber,
  type TrashedNote,
  type User,
} from '@private-notes/shared';
import { apiRequest } from './request.ts';
import { AI_REQUEST_TIMEOUT_MS } from './request-deadline.ts';

function query(params: Record<string, string | string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface NoteListParams {
  search?: string;
  tags?: string[];
  /** 'all' is sent as no parameter. */
  dateRange?: DateRange;
}

export const api = {
  // Session and account
  currentUser: (signal?: AbortSignal) => apiRequest<User>(API.user, { nullOn401: true, signal }),
  login: (body: Login) => apiRequest<User>(API.login, { method: 'POST', body }),
  register: (body: Login) => apiRequest<User>(API.register, { method: 'POST', body }),
  logout: () => apiRequest<unknown>(API.logout, { method: 'POST' }),
  settings: (signal?: AbortSignal) => apiRequest<Settings>(API.settings, { signal }),
  updateSettings: (body: Settings) => apiRequest<Settings>(API.settings, { method: 'PUT', body }),
  changePassword: (body: PasswordChange) => apiRequest<unknown>(API.password, { method: 'PUT', body }),

  // Notes (the sync engine owns writes; these are the raw calls)
  listNotes: (params: NoteListParams = {}) =>
    apiRequest<Note[]>(
      `${API.notes}${query({
        search: params.search,
        tags: params.tags,
        dateRange: params.dateRange === 'all' ? undefined : params.dateRange,
      })}`,
    ),
  createNote: (body: NoteCreate) => apiRequest<Note>(API.notes, { method: 'POST', body }),
  updateNote: (id: number, body: NoteUpdate) => apiRequest<Note>(API.note(id), { method: 'PUT', body }),
  deleteNote: (id: number) => apiRequest<unknown>(API.note(id), { method: 'DELETE' }),
  noteChanges: (since?: string, limit?: number) =>
    apiRequest<NoteChanges>(
      `${API.noteChanges}${query({ since, limit: limit === undefined ? undefined : String(limit) })}`,
    ),

  trash: (signal?: AbortSignal) => apiRequest<TrashedNote[]>(API.trash, { signal }),
  deleteForever: (id: number) => apiRequest<unknown>(API.trashedNote(id), { method: 'DELETE' }),
  emptyTrash: () => apiRequest<EmptyTrashResult>(API.trash, { method: 'DELETE' }),

  noteRevisions: (noteId: number) => apiRequest<RevisionSummary[]>(API.noteRevisions(noteId)),
  noteRevision: (noteId: number, revisionId: number) =>
    apiRequest<Revision>(API.noteRevision(noteId, revisionId)),

  // AI helpers: they wait on a model, so they get the longer deadline
  suggestTags: (content: string, existingTags?: string[]) =>
    apiRequest<{ tags: string[] }>(API.suggestTags, {
      method: 'POST',
      body: { content, existingTags },
      timeoutMs: AI_REQUEST_TIMEOUT_MS,
    }),
  extractInsights: (content: string) =>
    apiRequest<{ insights: string[] }>(API.extractInsights, {
      method: 'POST',
      body: { content },
      timeoutMs: AI_REQUEST_TIMEOUT_MS,
    }),
  generateFlashcards: (content: string, noteId?: number | string) =>
    apiRequest<{ flashcards: Flashcard[] }>(API.generateFlashcards, {
      method: 'POST',
      body: { content, noteId },
      timeoutMs: AI_REQUEST_TIMEOUT_MS,
    }),
  keyInsights: (content: string) =>
    apiRequest<{ insights: string[] }>(API.keyInsights, {
      method: 'POST',
      body: { content },
      timeoutMs: AI_REQUEST_TIMEOUT_MS,
    }),
  generateBlog: (noteId: number) =>
    apiRequest<{ id: number }>(API.generateBlog, {
      method: 'POST',
      body: { noteId },
      timeoutMs: AI_REQUEST_TIMEOUT_MS,
    }),
  explain: (concept: string) =>
    apiRequest<{ explanation: string } & Partial<Explanation>>(API.explain, {
      method: 'POST',
      body: { concept: concept.trim() },
      timeoutMs: AI_REQUEST_TIMEOUT_MS,
    }),
  explanations: (signal?: AbortSignal) => apiRequest<Explanation[]>(API.explanations, { signal }),

  // Public blog
  listPublishedPosts: (params: BlogListParams = {}, signal?: AbortSignal) =>
    apiRequest<BlogPost[]>(`${API.blog}${query({ search: params.search, tag: params.tag })}`, {
      credentials: 'omit',
      signal,
    }),
  getPost: (id: number, signal?: AbortSignal) => apiRequest<BlogPostDetail>(API.blogPost(id), { signal }),
  recordPostView: (id: number) => apiRequest<unknown>(API.blogPostView(id), { method: 'POST' }),
  listPostsByTag: (tag: string, signal?: AbortSignal) => apiRequest<BlogPost[]>(API.blogTag(tag), { signal }),
  listComments: (postId: number, signal?: AbortSignal) =>
    apiRequest<Comment[]>(API.postComments(postId), { signal }),
  createComment: (postId: number, body: CommentCreate) =>
    apiRequest<Comment>(API.postComments(postId), { method: 'POST', body }),
  approveComment: (id: number) => apiRequest<unknown>(API.approveComment(id), { method: 'PUT', body: {} }),
  reportComment: (id: number) => apiRequest<unknown>(API.reportComment(id), { method: 'POST', body: {} }),
  deleteComment: (id: number) => apiRequest<unknown>(API.comment(id), { method: 'DELETE' }),
  pendingComments: (signal?: AbortSignal) => apiRequest<PendingComment[]>(API.pendingComments, { signal }),
  approveAuthor: (email: string) =>
    apiRequest<{ approved: number }>(API.approveAuthor, { method: 'POST', body: { email } }),
  /** The site's identity and author, as every visitor reads it (no cookie: one answer for everyone). */
  site: (signal?: AbortSignal) => apiRequest<PublicSite>(API.site, { credentials: 'omit', signal }),
  adminSite: (signal?: AbortSignal) => apiRequest<SiteSettings>(API.adminSite, { signal }),
  updateSite: (body: SiteSettings) => apiRequest<SiteSettings>(API.adminSite, { method: 'PUT', body }),
  subscribe: (body: Subscribe) => apiRequest<unknown>(API.subscribe, { method: 'POST', body }),
  /** By the typed address (the /unsubscribe form) or by a newsletter footer's signed token. */
  unsubscribe: (body: { email: string } | { token: string }) =>
    apiRequest<{ message?: string }>(API.unsubscribe, { method: 'POST', body }),
  /** The confirmation mail's token: 200 for a first and a repeated use, 400 when invalid or expired. */
  confirmSubscription: (token: string) =>
    apiRequest<{ message: string }>(API.subscribeConfirm, { method: 'POST', body: { token } }),

  // Owner's blog and subscriber administration
  adminPosts: (signal?: AbortSignal) => apiRequest<BlogPost[]>(API.adminBlog, { signal }),
  createPost: (body: BlogPostCreate) => apiRequest<BlogPost>(API.adminBlog, { method: 'POST', body }),
  updatePost: (id: number, body: BlogPostUpdate) =>
    apiRequest<BlogPost>(API.adminBlogPost(id), { method: 'PUT', body }),
  deletePost: (id: number) => apiRequest<unknown>(API.adminBlogPost(id), { method: 'DELETE' }),
  subscribers: (signal?: AbortSignal) => apiRequest<Subscriber[]>(API.adminSubscribers, { signal }),
  updateSubscriber: (id: number, active: boolean) =>
    apiRequest<Subscriber>(API.adminSubscriber(id), { method: 'PUT', body: { active } }),
};

export type Api = typeof api;
