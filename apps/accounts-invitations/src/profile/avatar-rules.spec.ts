import { AccountMessages } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { describe, expect, it } from '@jest/globals';
import { decodeAvatar } from './avatar-rules.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length)]);

function avatarError(type: unknown, base64: unknown): string[] | undefined {
  try {
    decodeAvatar(type, base64);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(422);
    return (error as DomainError).errors?.avatar;
  }
}

describe('avatar upload rules', () => {
  it('accepts a PNG of exactly 700 KB and refuses one byte more', () => {
    expect(decodeAvatar('image/png', png(700 * 1024).toString('base64')).bytes.length).toBe(700 * 1024);
    expect(avatarError('image/png', png(700 * 1024 + 1).toString('base64'))).toEqual([AccountMessages.avatarTooLarge]);
  });

  it('accepts image/jpg as JPEG and a data: URL prefix', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0]).toString('base64');
    expect(decodeAvatar('IMAGE/JPG', `data:image/jpeg;base64,${jpeg}`).contentType).toBe('image/jpeg');
  });

  it('refuses types other than PNG, JPEG and WebP, and bytes that are not the declared type', () => {
    expect(avatarError('image/gif', png(10).toString('base64'))).toEqual([AccountMessages.avatarType]);
    expect(avatarError(undefined, png(10).toString('base64'))).toEqual([AccountMessages.avatarType]);
    expect(avatarError('image/webp', png(16).toString('base64'))).toEqual([AccountMessages.avatarType]);
  });

  it('refuses empty and unreadable content', () => {
    for (const content of ['', '   ', '@@@@', 'abcde', 123, null]) {
      expect(avatarError('image/png', content)).toEqual([AccountMessages.avatarEmpty]);
    }
  });
});
