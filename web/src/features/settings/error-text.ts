// The text to show for a failed call in the security panels: the error's own message (the server's, as
// `{status}: {message}`), or the panel's fallback when there is none.
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
