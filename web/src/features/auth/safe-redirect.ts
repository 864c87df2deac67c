// Where to go after signing in: only a path on this site (never '//host' or 'https://…'), default '/'.
export function safeRedirect(target: string | undefined | null, fallback = '/'): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
