/** An ILIKE pattern matching `text` anywhere, its own %, _ and \ taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** A LIKE pattern matching text that starts with `text`, its own %, _ and \ taken literally. */
export function startingWith(text: string): string {
  return `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
