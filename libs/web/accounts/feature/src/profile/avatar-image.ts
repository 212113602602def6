import { AccountLimits, AVATAR_CONTENT_TYPES } from '@aero/contracts';

/** An avatar may be at most 700 KB (docs/decisions.md #11). */
export const AVATAR_MAX_BYTES = AccountLimits.avatarMaxBytes;

export function isAvatarType(type: string): boolean {
  return (AVATAR_CONTENT_TYPES as readonly string[]).includes(type);
}

/** Makes a picture smaller than `maxBytes` (the browser does it with a canvas). */
export type ImageScaler = (picture: Blob, maxBytes: number) => Promise<Blob>;

/**
 * First guess of the scaled size: pixels shrink with the square root of the byte ratio, with
 * some margin for the encoder; never larger than the picture.
 */
export function scaledDimensions(width: number, height: number, bytes: number, maxBytes: number): { width: number; height: number } {
  const factor = bytes <= maxBytes ? 1 : Math.sqrt(maxBytes / bytes) * 0.9;
  return { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)) };
}

function canvasBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be scaled.'))), type, quality);
  });
}

/**
 * Scales a picture down in the browser: drawn on a canvas (white background, JPEG 85 %), smaller
 * each round until it fits `maxBytes`.
 */
export const scaleImageWithCanvas: ImageScaler = async (picture, maxBytes) => {
  const bitmap = await createImageBitmap(picture);
  let { width, height } = scaledDimensions(bitmap.width, bitmap.height, picture.size, maxBytes);
  try {
    for (let round = 0; round < 8; round += 1) {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('The picture could not be scaled.');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      context.drawImage(bitmap, 0, 0, width, height);
      const blob = await canvasBlob(canvas, 'image/jpeg', 0.85);
      if (blob.size <= maxBytes) return blob;
      width = Math.max(1, Math.round(width * 0.8));
      height = Math.max(1, Math.round(height * 0.8));
    }
  } finally {
    bitmap.close();
  }
  throw new Error('The picture could not be scaled.');
};

export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('The picture could not be read.')));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    reader.readAsDataURL(blob);
  });
}

export interface PreparedAvatar {
  avatar: string;
  content_type: string;
}

/**
 * The upload body for a chosen picture: PNG, JPEG or WebP only (a `TypeError` otherwise);
 * pictures larger than 700 KB are scaled down first.
 */
export async function prepareAvatar(picture: File, scale: ImageScaler = scaleImageWithCanvas): Promise<PreparedAvatar> {
  if (!isAvatarType(picture.type)) throw new TypeError('avatar-type');
  const upload = picture.size > AVATAR_MAX_BYTES ? await scale(picture, AVATAR_MAX_BYTES) : picture;
  return { avatar: await readAsDataUrl(upload), content_type: upload.type || picture.type };
}
