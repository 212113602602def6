/*
 * The external video player of the demo video and the video chapters (spec: learning §2 "Demo
 * video, as a modal or inline player from an external video player. Iframes are sandboxed."):
 * which addresses may be embedded, and how the player says the video ended.
 */

/**
 * What the sandboxed frame may do: run the player's scripts under its own origin (its messages
 * then carry that origin, which is how they are recognised) and go full screen; no top
 * navigation, no pop-ups, no forms.
 */
export const PLAYER_SANDBOX = 'allow-scripts allow-same-origin allow-presentation';

/** Players whose "ended" message this page understands. */
export type PlayerKind = 'youtube' | 'vimeo' | 'other';

export function playerKind(url: URL): PlayerKind {
  const host = url.hostname.toLowerCase();
  if (/(^|\.)youtube(-nocookie)?\.com$/.test(host)) return 'youtube';
  if (host === 'player.vimeo.com') return 'vimeo';
  return 'other';
}

/**
 * The address to put in the frame, or null when it cannot be embedded (not https, or not a URL).
 * A YouTube player is asked for its JavaScript API (`enablejsapi=1`) so that it reports the end of
 * the video; a Vimeo player does so on its own once asked (`api=1`).
 */
export function embeddableUrl(address: string | null | undefined, pageOrigin?: string): string | null {
  if (!address) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const kind = playerKind(url);
  if (kind === 'youtube') {
    url.searchParams.set('enablejsapi', '1');
    if (pageOrigin) url.searchParams.set('origin', pageOrigin);
  }
  if (kind === 'vimeo') url.searchParams.set('api', '1');
  return url.toString();
}

/** The messages that ask a player to report its state (sent to the frame once it has loaded). */
export function subscribeMessages(kind: PlayerKind): string[] {
  if (kind === 'youtube') return [JSON.stringify({ event: 'listening', id: 1, channel: 'widget' })];
  if (kind === 'vimeo') return [JSON.stringify({ method: 'addEventListener', value: 'ended' })];
  return [];
}

function parse(data: unknown): Record<string, unknown> | null {
  if (typeof data === 'string') {
    try {
      const value: unknown = JSON.parse(data);
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
}

/**
 * Whether a message of the player says the video ended: YouTube's state 0 (`onStateChange` or
 * `infoDelivery.playerState`), Vimeo's `ended` event.
 */
export function isEndedMessage(kind: PlayerKind, data: unknown): boolean {
  const message = parse(data);
  if (!message) return false;
  if (kind === 'youtube') {
    if (message['event'] === 'onStateChange') return message['info'] === 0;
    if (message['event'] === 'infoDelivery') {
      const info = message['info'];
      return typeof info === 'object' && info !== null && (info as Record<string, unknown>)['playerState'] === 0;
    }
    return false;
  }
  if (kind === 'vimeo') return message['event'] === 'ended';
  return false;
}
