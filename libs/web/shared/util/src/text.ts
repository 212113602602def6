/** Plain text of a snippet that may hold markup (tags removed, entities left as they are). */
export function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
}

/** `text` cut to `limit` characters with an ellipsis when longer (mini cart: 40). */
export function truncate(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}
