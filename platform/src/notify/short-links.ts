// Replaced by the templates/short-links branch at merge: a stand-in with the agreed signature.
// It stores nothing and returns no code (an empty string), so a text carries the full link until
// the real short links (their table and the app's /s/ route) arrive.

export async function createShortLink(_db: D1Database, _path: string, _options: { now: Date; ttlMs: number }): Promise<string> {
  return '';
}
