import { inflateSync } from 'node:zlib';

/** WinAnsiEncoding bytes 0x80–0x9F that differ from Latin-1 (the standard PDF fonts' encoding). */
const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};

function decodeWinAnsi(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const byte = parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte);
  }
  return out;
}

/** The content streams of a PDF, inflated when they are Flate-compressed. */
function streams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const found: string[] = [];
  const pattern = /<<([^]*?)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end === -1) break;
    const bytes = pdf.subarray(start, end);
    try {
      found.push(/\/FlateDecode/.test(match[1]) ? inflateSync(bytes).toString('latin1') : bytes.toString('latin1'));
    } catch {
      // Not a content stream we can read (an image, a font): no text in it.
    }
    pattern.lastIndex = end;
  }
  return found;
}

/**
 * The text of a PDF written by pdfkit with the standard fonts, one line per text object
 * (pdfkit writes each line as `BT … [<hex> kerning <hex> …] TJ … ET`). Enough for tests to
 * check what a document says, not a general PDF parser.
 */
export function pdfTextContent(pdf: Buffer): string {
  const lines: string[] = [];
  for (const content of streams(pdf)) {
    for (const block of content.match(/BT[^]*?ET/g) ?? []) {
      const hexes = [...block.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => decodeWinAnsi(m[1]));
      if (hexes.length) lines.push(hexes.join(''));
    }
  }
  return lines.join('\n');
}
