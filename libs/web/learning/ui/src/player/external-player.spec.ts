import { describe, expect, it } from '@jest/globals';
import { embeddableUrl, isEndedMessage, PLAYER_SANDBOX, playerKind, subscribeMessages } from './external-player.js';

describe('external player', () => {
  it('is sandboxed: scripts of its own origin and full screen, no top navigation, pop-ups or forms', () => {
    expect(PLAYER_SANDBOX.split(' ').sort()).toEqual(['allow-presentation', 'allow-same-origin', 'allow-scripts']);
  });

  it('embeds https players only, asking YouTube and Vimeo to report the end', () => {
    expect(embeddableUrl('https://www.youtube-nocookie.com/embed/abc?rel=0', 'https://shop.example')).toBe(
      'https://www.youtube-nocookie.com/embed/abc?rel=0&enablejsapi=1&origin=https%3A%2F%2Fshop.example',
    );
    expect(embeddableUrl('https://player.vimeo.com/video/76979871')).toBe('https://player.vimeo.com/video/76979871?api=1');
    expect(embeddableUrl('https://videos.example/embed/1')).toBe('https://videos.example/embed/1');
    expect(embeddableUrl('http://www.youtube.com/embed/abc')).toBeNull();
    expect(embeddableUrl('javascript:alert(1)')).toBeNull();
    expect(embeddableUrl('not a url')).toBeNull();
    expect(embeddableUrl(null)).toBeNull();
  });

  it('knows the players by host', () => {
    expect(playerKind(new URL('https://www.youtube.com/embed/x'))).toBe('youtube');
    expect(playerKind(new URL('https://youtube-nocookie.com/embed/x'))).toBe('youtube');
    expect(playerKind(new URL('https://player.vimeo.com/video/1'))).toBe('vimeo');
    expect(playerKind(new URL('https://evil-youtube.com/embed/x'))).toBe('other');
    expect(subscribeMessages('other')).toEqual([]);
    expect(subscribeMessages('youtube').map((m) => JSON.parse(m))).toEqual([{ event: 'listening', id: 1, channel: 'widget' }]);
    expect(subscribeMessages('vimeo').map((m) => JSON.parse(m))).toEqual([{ method: 'addEventListener', value: 'ended' }]);
  });

  it("reads each player's 'ended' message and nothing else", () => {
    expect(isEndedMessage('youtube', JSON.stringify({ event: 'onStateChange', info: 0 }))).toBe(true);
    expect(isEndedMessage('youtube', JSON.stringify({ event: 'onStateChange', info: 1 }))).toBe(false);
    expect(isEndedMessage('youtube', JSON.stringify({ event: 'infoDelivery', info: { playerState: 0 } }))).toBe(true);
    expect(isEndedMessage('youtube', { event: 'infoDelivery', info: { currentTime: 3 } })).toBe(false);
    expect(isEndedMessage('youtube', { event: 'infoDelivery', info: null })).toBe(false);
    expect(isEndedMessage('youtube', { event: 'ended' })).toBe(false);
    expect(isEndedMessage('vimeo', JSON.stringify({ event: 'ended' }))).toBe(true);
    expect(isEndedMessage('vimeo', { event: 'play' })).toBe(false);
    expect(isEndedMessage('other', { event: 'ended' })).toBe(false);
    expect(isEndedMessage('youtube', 'not json')).toBe(false);
    expect(isEndedMessage('youtube', '42')).toBe(false);
    expect(isEndedMessage('youtube', 7)).toBe(false);
  });
});
