import type PDFKitDocument from 'pdfkit';

type PdfKit = typeof PDFKitDocument;
let pdfKit: Promise<PdfKit> | undefined;

/**
 * pdfkit, loaded with the first document rather than at start-up: with fontkit, its font
 * decoders and its ciphers it is about 7 MB of heap, which a notifications process that has
 * rendered no invoice, certificate or ticket yet does not need.
 */
export function loadPdfKit(): Promise<PdfKit> {
  pdfKit ??= import('pdfkit').then((module) => module.default);
  return pdfKit;
}

/** The standard fonts the invoice uses. */
export type StandardFontName = 'Helvetica' | 'Helvetica-Bold';

/** What a document keeps of its fonts (pdfkit 0.20's font table and the counter of its ids). */
interface FontTable {
  _fontFamilies: Record<string, object>;
  _fontCount: number;
  _font: object;
}

/** A standard font's metrics as pdfkit 0.20 keeps them (AFMFont): kerning pairs keyed `left\0right`. */
interface FontMetrics {
  glyphWidths: Record<string, number>;
  kernPairs: Record<string, number>;
  widthOfGlyph(glyph: string): number;
  advancesForGlyphs(glyphs: string[]): number[];
}

/**
 * Gives the metrics lookups by glyph name, for pairs of names, instead of pdfkit's: its kerning
 * lookup joins the two names into a new string for every pair of letters measured or written,
 * which was the largest single cost of an invoice. Same answers: a glyph without a width is 0
 * wide, a pair without kerning (or the last glyph, whose right neighbour is undefined) adds 0.
 */
function withFastLookups(metrics: FontMetrics): void {
  const widths = new Map(Object.entries(metrics.glyphWidths));
  const kerning = new Map<string, Map<string, number>>();
  for (const [pair, amount] of Object.entries(metrics.kernPairs)) {
    const [left, right] = pair.split('\0');
    let rights = kerning.get(left);
    if (!rights) kerning.set(left, (rights = new Map<string, number>()));
    rights.set(right, amount);
  }
  metrics.widthOfGlyph = (glyph) => widths.get(glyph) || 0;
  metrics.advancesForGlyphs = (glyphs) => {
    const advances = new Array<number>(glyphs.length);
    for (let i = 0; i < glyphs.length; i++) advances[i] = (widths.get(glyphs[i]) || 0) + (kerning.get(glyphs[i])?.get(glyphs[i + 1]) || 0);
    return advances;
  };
}

/** One font of each name, built by pdfkit for a document of its own, used as the model of every later document's. */
const models = new Map<StandardFontName, object>();

function modelOf(PDFDocument: PdfKit, name: StandardFontName): object {
  let model = models.get(name);
  if (!model) {
    model = (new PDFDocument({ autoFirstPage: false, font: name }) as unknown as FontTable)._font;
    withFastLookups((model as { font: FontMetrics }).font);
    models.set(name, model);
  }
  return model;
}

/**
 * A pdfkit document whose standard fonts (`fonts`, the first one current) are ready without
 * pdfkit building their metrics again: for every document, pdfkit decodes a font's glyph widths
 * and its some 2,700 kerning pairs anew, on every paid order (the invoice). The metrics never
 * change, so each font is built once per process, with faster lookups, and every
 * document gets its own font object sharing them: its own id (F1, F2… in the order given, as
 * pdfkit numbers fonts as they are first set) and its own PDF object, created when a page first
 * uses it. The bytes are those pdfkit writes when the same fonts are set in the same order.
 */
export async function pdfDocument(
  options: PDFKit.PDFDocumentOptions,
  fonts: readonly [StandardFontName, ...StandardFontName[]],
): Promise<PDFKit.PDFDocument> {
  const PDFDocument = await loadPdfKit();
  // An empty default font makes pdfkit build none; the fonts are added below.
  const doc = new PDFDocument({ ...options, font: '' });
  const table = doc as unknown as FontTable;
  for (const name of fonts) {
    const model = modelOf(PDFDocument, name);
    const font = Object.assign(Object.create(Object.getPrototypeOf(model) as object) as object, model, {
      document: doc,
      id: `F${++table._fontCount}`,
    });
    table._fontFamilies[name] = font;
  }
  return doc.font(fonts[0]);
}
