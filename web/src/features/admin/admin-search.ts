// Search parameters of /blog/admin: ?edit={postId} opens that post's edit dialog on arrival.
import { optionalPositiveInt } from '../../lib/search-params.ts';

export function validateBlogAdminSearch(search: Record<string, unknown>): { edit?: number | undefined } {
  return { edit: optionalPositiveInt(search.edit) };
}
