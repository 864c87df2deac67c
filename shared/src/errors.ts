// Error texts shared by the server (validation answers) and the client (SPEC section 8).
import type { z } from 'zod';

/** One line naming the first bad field: `title: must be at most 200 characters`. */
export function formatZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

export const NETWORK_ERROR = 'Network request failed';
export const PARSE_ERROR = 'Failed to parse server response';
export const UNKNOWN_ERROR = 'Unknown error occurred';
export const INVALID_QUERY_KEY = 'Invalid query key';
