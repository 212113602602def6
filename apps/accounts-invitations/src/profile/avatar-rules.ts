import { AccountLimits, AccountMessages, AVATAR_CONTENT_TYPES, type AvatarContentType } from '@aero/contracts';
import { AccountErrors } from '../common/account-errors.js';

/** The first bytes of each accepted image type. */
function looksLike(type: AvatarContentType, bytes: Buffer): boolean {
  switch (type) {
    case 'image/png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'image/webp':
      return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  }
}

/**
 * An avatar upload: PNG, JPEG or WebP (declared type AND the file's own signature), 1 byte to
 * 700 KB. The size is checked on the base64 length before decoding. Errors are 422 under `avatar`.
 */
export function decodeAvatar(contentTypeInput: unknown, base64Input: unknown): { contentType: AvatarContentType; bytes: Buffer } {
  const declared = typeof contentTypeInput === 'string' ? contentTypeInput.trim().toLowerCase() : '';
  const contentType = (declared === 'image/jpg' ? 'image/jpeg' : declared) as AvatarContentType;
  if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(contentType)) throw AccountErrors.field('avatar', AccountMessages.avatarType);
  if (typeof base64Input !== 'string') throw AccountErrors.field('avatar', AccountMessages.avatarEmpty);
  const base64 = base64Input.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!base64) throw AccountErrors.field('avatar', AccountMessages.avatarEmpty);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if (Math.floor((base64.length * 3) / 4) - padding > AccountLimits.avatarMaxBytes) {
    throw AccountErrors.field('avatar', AccountMessages.avatarTooLarge);
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 === 1) throw AccountErrors.field('avatar', AccountMessages.avatarEmpty);
  const bytes = Buffer.from(base64, 'base64');
  if (!bytes.length) throw AccountErrors.field('avatar', AccountMessages.avatarEmpty);
  if (bytes.length > AccountLimits.avatarMaxBytes) throw AccountErrors.field('avatar', AccountMessages.avatarTooLarge);
  if (!looksLike(contentType, bytes)) throw AccountErrors.field('avatar', AccountMessages.avatarType);
  return { contentType, bytes };
}
