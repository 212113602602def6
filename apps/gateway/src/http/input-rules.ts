import { isUtf8 } from 'node:buffer';

/**
 * What the gateway accepts as input before any route sees it. Real payloads nest 3 or 4 levels;
 * 32 leaves room for any form while keeping whatever reads a body level by level (the checks
 * of the input, the request schemas) far from the stack's end (about 2,000 levels overflowed it).
 */
export const MAX_JSON_DEPTH = 32;

/** Body limit of every route that does not set its own (forms and provider events are a few KB). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * The avatar upload: at most 700 KB of image, base64-encoded (4 characters for 3 bytes) in a
 * data URL, in JSON. 1 MiB holds it with room for the rest of the form.
 */
export const AVATAR_BODY_LIMIT = 1024 * 1024;

export type InputProblem = 'control_character' | 'invalid_encoding';

/** C0 control characters (U+0000–U+001F) and DEL, raw or percent-encoded: never in a path or query. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const URL_CONTROL = /%(?:[01][0-9a-f]|7f)|[\u0000-\u001f\u007f]/i;

/** In form fields the line breaks and tabs of a textarea are text; the other controls are not. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORM_CONTROL = /%(?:0[0-8bcef]|1[0-9a-f]|7f)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/i;

/**
 * In a text value (JSON string or object key, form field): a control character other than tab,
 * line feed and carriage return, or half of a surrogate pair (`"\ud800"`, text no encoding can
 * carry: the JSON counterpart of invalid UTF-8).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const INVALID_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A `%` that does not start an escape stands for itself, as the query parser reads it. */
const LONE_PERCENT = /%(?![0-9a-f]{2})/gi;

/** Whether the percent-escapes of a URL or form body decode to valid UTF-8. */
function percentEscapesAreUtf8(text: string): boolean {
  if (!text.includes('%')) return true;
  try {
    decodeURIComponent(text.replace(LONE_PERCENT, '%25'));
    return true;
  } catch {
    return false;
  }
}

/** What is wrong with the path and query of a request URL, if anything. */
export function urlProblem(url: string): InputProblem | null {
  if (URL_CONTROL.test(url)) return 'control_character';
  return percentEscapesAreUtf8(url) ? null : 'invalid_encoding';
}

/** What is wrong with an `application/x-www-form-urlencoded` body, if anything. */
export function formBodyProblem(body: string): InputProblem | null {
  if (FORM_CONTROL.test(body)) return 'control_character';
  return percentEscapesAreUtf8(body) ? null : 'invalid_encoding';
}

/** Whether the bytes are valid UTF-8 (JSON text must be; a decoder would otherwise replace them silently). */
export function isValidUtf8(bytes: Uint8Array): boolean {
  return isUtf8(bytes);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, read on the bytes before any
 * parsing (UTF-8 keeps every structural character a single ASCII byte). Brackets inside strings
 * do not count. On valid JSON the count is exact; invalid JSON that this reads wrongly is
 * refused by the parser next.
 */
export function jsonNestsDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/**
 * The dotted path (`resource.links.0.href`, `""` for the value itself) of the first text in a
 * parsed body, key or value, in the body's order, that is not acceptable text; null when all of
 * it is. Walks with its own stack, so any depth is safe.
 */
export function findInvalidText(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (INVALID_TEXT.test(current)) return path;
    } else if (typeof current === 'object' && current !== null) {
      const entries = Array.isArray(current) ? current.map((item, index) => [String(index), item] as const) : Object.entries(current);
      if (!Array.isArray(current)) {
        const badKey = entries.find(([key]) => INVALID_TEXT.test(key));
        if (badKey) return join(path, badKey[0]);
      }
      // Pushed last to first, so they are read first to last.
      for (let i = entries.length - 1; i >= 0; i--) pending.push([entries[i][1], join(path, entries[i][0])]);
    }
  }
  return null;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}
