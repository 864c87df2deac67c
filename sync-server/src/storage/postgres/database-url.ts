// Describes a DATABASE_URL for logs without its password.
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.searchParams.get('host') ?? parsed.host;
    return `${parsed.username ? `${decodeURIComponent(parsed.username)}@` : ''}${host}${parsed.pathname}`;
  } catch {
    return 'an unparsable DATABASE_URL';
  }
}
