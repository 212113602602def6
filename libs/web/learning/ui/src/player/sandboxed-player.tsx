import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { embeddableUrl, isEndedMessage, PLAYER_SANDBOX, playerKind, subscribeMessages } from './external-player.js';
import './player.css';

export interface SandboxedPlayerProps {
  /** The external player's address. */
  url: string;
  /** Names the frame (the chapter or course name). */
  title: string;
  /** Called once when the player reports that the video played to its end. */
  onEnded?: () => void;
}

/**
 * An external video player in a sandboxed iframe (spec: learning §2). Messages are believed only
 * from that frame and the player's own origin; an address that cannot be embedded shows a notice.
 */
export function SandboxedPlayer({ url, title, onEnded }: SandboxedPlayerProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const src = embeddableUrl(url, typeof window === 'undefined' ? undefined : window.location.origin);
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  });

  useEffect(() => {
    if (!src) return;
    const address = new URL(src);
    const kind = playerKind(address);
    let ended = false;
    const onMessage = (event: MessageEvent) => {
      if (ended || event.origin !== address.origin || event.source !== frame.current?.contentWindow) return;
      if (!isEndedMessage(kind, event.data)) return;
      ended = true;
      onEndedRef.current?.();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [src]);

  if (!src) {
    return (
      <p className="notice notice--error" role="alert">
        {t('player.unavailable')}
      </p>
    );
  }

  const subscribe = () => {
    const target = frame.current?.contentWindow;
    if (!target) return;
    const origin = new URL(src).origin;
    for (const message of subscribeMessages(playerKind(new URL(src)))) target.postMessage(message, origin);
  };

  return (
    <div className="player">
      <iframe
        ref={frame}
        className="player__frame"
        src={src}
        title={title}
        sandbox={PLAYER_SANDBOX}
        allow="fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        loading="lazy"
        onLoad={subscribe}
      />
    </div>
  );
}
