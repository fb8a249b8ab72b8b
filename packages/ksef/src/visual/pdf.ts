/**
 * The PDF of an invoice (A4, pdfkit), from the same model as the HTML preview. The text is set in DejaVu Sans, a
 * font with every Polish glyph that ships in the `dejavu-fonts-ttf` package (Bitstream Vera licence: free to embed);
 * pdfkit embeds the subset used, with a ToUnicode map, so the text can be searched and copied. The QR codes are drawn
 * as vector squares, with a quiet zone of four modules and the label under them (`kody-qr.md`).
 */
import { readFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'
import { createRequire } from 'node:module'
import { create as createFont, type Font } from 'fontkit'
import PDFDocument from 'pdfkit'
import { type InvoiceVisual, invoiceVisual, type VisualOptions, type VisualTable } from './model.ts'

const require = createRequire(import.meta.url)
/**
 * A parsed font whose shaping of a word is kept across documents: pdfkit shapes text word by word and keeps the
 * result for one document only, and shaping (OpenType lookups) costs more than drawing the whole invoice. pdfkit
 * scales the positions it gets in place, so each caller gets its own copy of them.
 */
/** Font files (subset encodings) kept across documents: their compressed form is kept too (`reuseCompressedFonts`). */
const keptEncodings = new WeakSet<Uint8Array>()

const withSharedLayout = (font: Font): Font => {
  const runs = new Map<string, ReturnType<Font['layout']>>()
  const layout = (text: string, features?: unknown) => {
    if (features !== undefined) return font.layout(text, features as never)
    let run = runs.get(text)
    if (run === undefined) {
      if (runs.size >= 50_000) runs.clear()
      run = font.layout(text)
      runs.set(text, run)
    }
    const positions = run.positions.map((p) => ({ ...p }))
    return {
      glyphs: run.glyphs,
      positions,
      // GlyphRun's own definition: the sum of the advances (read after pdfkit scaled them).
      get advanceWidth() {
        let w = 0
        for (const p of positions) w += p.xAdvance
        return w
      },
    }
  }
  // A glyph's outline is decoded again for every document's subset; the decoded outline is kept with the glyph
  // (fontkit keeps the glyph objects themselves).
  const decoded = new WeakSet<object>()
  const getGlyph = (id: number, codePoints?: number[]) => {
    const g = font.getGlyph(id, codePoints) as unknown as { _decode?: () => unknown } | null
    if (g && typeof g._decode === 'function' && !decoded.has(g)) {
      const decode = g._decode.bind(g)
      let kept: unknown
      let done = false
      g._decode = () => {
        if (!done) {
          kept = decode()
          done = true
        }
        return kept
      }
      decoded.add(g)
    }
    return g
  }
  // The subset's font file: the same glyphs in the same order make the same bytes, so they are encoded once (every
  // document starts its subset with the same glyphs, `SEED`, so most invoices share one).
  const encoded = new Map<string, Uint8Array>()
  const createSubset = () => {
    const subset = font.createSubset() as unknown as { glyphs: number[]; encode: () => Uint8Array }
    const encode = subset.encode.bind(subset)
    subset.encode = () => {
      const key = subset.glyphs.join(',')
      let bytes = encoded.get(key)
      if (bytes === undefined) {
        if (encoded.size >= 500) encoded.clear()
        bytes = encode()
        encoded.set(key, bytes)
        keptEncodings.add(bytes)
      }
      return bytes
    }
    return subset
  }
  return new Proxy(font, {
    get: (target, key) =>
      key === 'layout'
        ? layout
        : key === 'getGlyph'
          ? getGlyph
          : key === 'createSubset'
            ? createSubset
            : Reflect.get(target, key, target),
  })
}

/**
 * The glyphs every document's subset starts with, in this order: digits, the Polish alphabet and the punctuation of
 * an invoice. A document's own glyphs follow, so two invoices written with these characters only have the same font
 * file (encoded once, above) instead of one per order in which their characters first appear.
 */
const SEED = [
  ...'0123456789',
  ...'aąbcćdeęfghijklłmnńoóprsśtuwyzźżqvx',
  ...'AĄBCĆDEĘFGHIJKLŁMNŃOÓPRSŚTUWYZŹŻQVX',
  ...' .,:;-–/()%+*=\'"#&@_',
].join(' ')

/** The glyphs of `SEED` in a font: id, advance width and the text each stands for, found once. */
const seedGlyphs = new WeakMap<Font, { id: number; advanceWidth: number; codePoints: number[] }[]>()

/** pdfkit's embedded font, as far as seeding its subset goes (`EmbeddedFont`: the subset, widths and text by glyph). */
interface EmbeddedFont {
  readonly font: Font
  readonly scale: number
  readonly subset: { includeGlyph: (id: number) => number }
  readonly widths: number[]
  readonly unicode: number[][]
}

/**
 * Starts the subsets of a document's fonts with `SEED`, recording each glyph's width and text as pdfkit's
 * `EmbeddedFont.encode` does for a glyph it meets (the PDF's widths and ToUnicode map stay whole).
 */
const seedSubsets = (doc: PDFKit.PDFDocument) => {
  for (const name of ['Sans', 'Bold']) {
    doc.font(name)
    const f = (doc as unknown as { _font: EmbeddedFont })._font
    let glyphs = seedGlyphs.get(f.font)
    if (!glyphs) {
      glyphs = [...new Set(SEED.replaceAll(' ', ''))].map((ch) => {
        const g = f.font.glyphForCodePoint(ch.codePointAt(0)!)
        return { id: g.id, advanceWidth: g.advanceWidth, codePoints: [ch.codePointAt(0)!] }
      })
      seedGlyphs.set(f.font, glyphs)
    }
    for (const g of glyphs) {
      const gid = f.subset.includeGlyph(g.id)
      f.widths[gid] ??= g.advanceWidth * f.scale
      f.unicode[gid] ??= g.codePoints
    }
  }
}

/** The compressed font files, by the (kept) bytes of the subset they compress. */
const deflated = new WeakMap<Uint8Array, Buffer>()

/**
 * A document whose font files are compressed once per subset: a stream written with the very bytes a kept subset
 * encoding answered is given their compressed form, as pdfkit would have made it (zlib's defaults), and marked so.
 */
const reuseCompressedFonts = (doc: PDFKit.PDFDocument) => {
  type Ref = {
    compress: boolean
    data: Record<string, unknown>
    write: (c: Uint8Array) => void
    finalize: () => void
    end: (c?: Uint8Array) => void
  }
  const d = doc as unknown as { ref: (data?: object) => Ref }
  const ref = d.ref.bind(doc)
  d.ref = (data?: object) => {
    const r = ref(data)
    const end = r.end.bind(r)
    r.end = (chunk?: Uint8Array) => {
      if (!chunk || !r.compress || !keptEncodings.has(chunk)) return end(chunk)
      let z = deflated.get(chunk)
      if (!z) {
        z = deflateSync(chunk)
        deflated.set(chunk, z)
      }
      r.compress = false
      r.write(z)
      r.data.Filter = 'FlateDecode'
      r.finalize()
    }
    return r
  }
}

let fonts: { regular: Font; bold: Font } | null = null
/** The fonts, read and parsed once (parsing a font takes longer than drawing an invoice). */
const fontFiles = () => {
  const load = (file: string) =>
    withSharedLayout(createFont(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as Font)
  fonts ??= { regular: load('DejaVuSans.ttf'), bold: load('DejaVuSans-Bold.ttf') }
  return fonts
}

const MARGIN = 40
const SIZE = 9

/** Draws a table from `y` on, breaking pages (the header repeated); answers where it ends. */
const drawTable = (doc: PDFKit.PDFDocument, t: VisualTable, top: number, fontSize = SIZE): number => {
  const width = doc.page.width - 2 * MARGIN
  const sum = t.widths.reduce((a, b) => a + b, 0)
  const widths = t.widths.map((w) => (w / sum) * width)
  const pad = 3
  const bottom = () => doc.page.height - MARGIN
  const rowHeight = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(fontSize)
    return Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: widths[i]! - 2 * pad }))) + 2 * pad
  }
  const drawRow = (cells: readonly string[], y: number, h: number, font: string, fill: string | null) => {
    let x = MARGIN
    cells.forEach((c, i) => {
      const w = widths[i]!
      if (fill) doc.rect(x, y, w, h).fill(fill)
      doc.rect(x, y, w, h).lineWidth(0.5).stroke('#999999')
      doc
        .fillColor('#000000')
        .font(font)
        .fontSize(fontSize)
        .text(c, x + pad, y + pad, { width: w - 2 * pad, align: t.align[i] === 'r' ? 'right' : 'left' })
      x += w
    })
  }
  let y = top
  const headerHeight = rowHeight(t.headers, 'Bold')
  drawRow(t.headers, y, headerHeight, 'Bold', '#eeeeee')
  y += headerHeight
  for (const row of t.rows) {
    const h = rowHeight(row, 'Sans')
    if (y + h > bottom()) {
      doc.addPage()
      y = MARGIN
      drawRow(t.headers, y, headerHeight, 'Bold', '#eeeeee')
      y += headerHeight
    }
    drawRow(row, y, h, 'Sans', null)
    y += h
  }
  return y
}

/** Moves to a new page when fewer than `need` points are left. */
const room = (doc: PDFKit.PDFDocument, y: number, need: number) => {
  if (y + need <= doc.page.height - MARGIN) return y
  doc.addPage()
  return MARGIN
}

/** Draws a visualisation into a PDF. */
export const renderVisualPdf = (v: InvoiceVisual): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const { regular, bold } = fontFiles()
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      info: { Title: `${v.title} ${v.number}`, Creator: 'Finance' },
      lang: v.lang,
      // No standard font is loaded for nothing: every text names its font.
      font: null as unknown as string,
    })
    const chunks: Buffer[] = []
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
    // pdfkit takes a parsed font object as well as a file (`PDFFontFactory.open`); its types name only files.
    doc.registerFont('Sans', regular as unknown as Buffer, 'Sans')
    doc.registerFont('Bold', bold as unknown as Buffer, 'Bold')
    seedSubsets(doc)
    reuseCompressedFonts(doc)
    const width = doc.page.width - 2 * MARGIN

    // Title and number on the left, the facts on the right (wide enough for a KSeF number on one line).
    doc
      .font('Bold')
      .fontSize(16)
      .text(v.title, MARGIN, MARGIN, { width: width * 0.38 })
    doc
      .font('Sans')
      .fontSize(11)
      .text(v.number, { width: width * 0.38 })
    const left = doc.y
    let y = MARGIN
    for (const [k, val] of v.facts) {
      doc
        .font('Sans')
        .fontSize(SIZE)
        .fillColor('#555555')
        .text(`${k}:`, MARGIN + width * 0.38, y, { width: width * 0.21 })
      const labelBottom = doc.y
      doc.fillColor('#000000').text(val, MARGIN + width * 0.59, y, { width: width * 0.41 })
      y = Math.max(labelBottom, doc.y)
    }
    y = Math.max(left, y) + 10
    if (v.notice) {
      doc.font('Bold').fontSize(SIZE)
      const h = doc.heightOfString(v.notice, { width: width - 12 }) + 10
      doc.rect(MARGIN, y, width, h).fillAndStroke('#fff4d6', '#e0b040')
      doc.fillColor('#000000').text(v.notice, MARGIN + 6, y + 5, { width: width - 12 })
      y += h + 10
    }

    // The parties side by side.
    let bottom = y
    v.parties.forEach((p, i) => {
      const x = MARGIN + (i * width) / 2
      doc
        .font('Bold')
        .fontSize(10)
        .text(p.title, x, y, { width: width / 2 - 10 })
      doc.font('Sans').fontSize(SIZE)
      for (const line of p.lines) doc.text(line, { width: width / 2 - 10 })
      bottom = Math.max(bottom, doc.y)
    })
    y = bottom + 12

    y = drawTable(doc, v.lines, y) + 10
    y = room(doc, y, 60)
    y = drawTable(doc, v.totals, y) + 8
    y = room(doc, y, 24)
    doc.font('Bold').fontSize(12).text(`${v.due[0]}: ${v.due[1]}`, MARGIN, y, { width, align: 'right' })
    y = doc.y + 10

    for (const s of v.sections) {
      doc.font('Sans').fontSize(SIZE)
      const h = s.lines.reduce((a, l) => a + doc.heightOfString(l, { width }), 0) + 16
      y = room(doc, y, Math.min(h, 200))
      doc.font('Bold').fontSize(10).text(s.title, MARGIN, y, { width })
      doc.font('Sans').fontSize(SIZE)
      for (const line of s.lines) doc.text(line, { width })
      y = doc.y + 8
    }

    // The verification codes: 1 mm a module at most, each with its label and what it is for.
    if (v.codes.length > 0) {
      const side = 120
      y = room(doc, y, side + 60)
      v.codes.forEach((c, i) => {
        const x = MARGIN + 40 + i * (side + 100)
        const n = c.matrix.size + 8
        const module = side / n
        doc.rect(x, y, side, side).fill('#ffffff')
        for (let r = 0; r < c.matrix.size; r++)
          for (let col = 0; col < c.matrix.size; col++)
            if (c.matrix.dark(r, col)) doc.rect(x + (col + 4) * module, y + (r + 4) * module, module, module)
        doc.fill('#000000')
        doc
          .font('Bold')
          .fontSize(7)
          .text(c.label, x - 40, y + side + 2, { width: side + 80, align: 'center' })
        doc
          .font('Sans')
          .fontSize(7)
          .text(c.caption, x - 40, doc.y + 1, { width: side + 80, align: 'center' })
        doc.link(x, y, side, side, c.url)
      })
      y += side + 40
      doc.font('Sans').fontSize(6).fillColor('#555555')
      doc.text(v.codes.map((c) => c.url).join('\n'), MARGIN, y, { width })
      y = doc.y + 6
    }
    if (v.generated) {
      y = room(doc, y, 20)
      doc.font('Sans').fontSize(7).fillColor('#555555').text(v.generated, MARGIN, y, { width })
    }
    doc.end()
  })

/** The PDF of an FA(3) file. */
export const invoicePdf = (xml: string, options: VisualOptions = {}): Promise<Uint8Array> =>
  renderVisualPdf(invoiceVisual(xml, options))
