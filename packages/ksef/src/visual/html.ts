/**
 * The HTML preview of an invoice: one self-contained page (inline style, the QR codes as inline SVG, no script, no
 * outside resource), from the same model as the PDF.
 */
import { escapeXml as esc } from '@finance/tax-files'
import type { QrMatrix } from '../qr.ts'
import { type InvoiceVisual, invoiceVisual, type VisualOptions, type VisualTable } from './model.ts'

/** The QR symbol as SVG: one path of the dark modules, a four-module quiet zone (ISO/IEC 18004). */
export const qrSvg = (m: QrMatrix, title: string, pixels = 4): string => {
  const q = 4
  const n = m.size + 2 * q
  let d = ''
  for (let r = 0; r < m.size; r++) for (let c = 0; c < m.size; c++) if (m.dark(r, c)) d += `M${c + q} ${r + q}h1v1h-1z`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${n * pixels}" height="${n * pixels}" viewBox="0 0 ${n} ${n}" shape-rendering="crispEdges" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title><rect width="${n}" height="${n}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`
}

const table = (t: VisualTable, cls: string) => {
  const cell = (tag: 'th' | 'td', s: string, i: number) =>
    `<${tag}${t.align[i] === 'r' ? ' class="r"' : ''}>${esc(s)}</${tag}>`
  return `<table class="${cls}"><thead><tr>${t.headers.map((h, i) => cell('th', h, i)).join('')}</tr></thead><tbody>${t.rows
    .map((row) => `<tr>${row.map((s, i) => cell('td', s, i)).join('')}</tr>`)
    .join('')}</tbody></table>`
}

const STYLE = `body{font-family:"DejaVu Sans",Arial,sans-serif;font-size:13px;color:#111;max-width:60rem;margin:1.5rem auto;padding:0 1rem}
h1{font-size:1.5rem;margin:0}h2{font-size:1rem;margin:1.25rem 0 .4rem}
.head{display:flex;justify-content:space-between;gap:2rem;flex-wrap:wrap}.notice{background:#fff4d6;border:1px solid #e0b040;padding:.5rem .75rem;margin:.75rem 0}
dl{display:grid;grid-template-columns:auto auto;gap:.15rem 1rem;margin:0}dt{color:#555}dd{margin:0}
.parties{display:flex;gap:2rem;flex-wrap:wrap}.parties section{flex:1;min-width:16rem}.parties p{margin:.1rem 0}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #bbb;padding:.3rem .4rem;vertical-align:top;text-align:left}th{background:#f0f0f0;font-weight:600}.r{text-align:right}
.due{font-size:1.15rem;font-weight:700;text-align:right;margin:.75rem 0}.codes{display:flex;gap:2rem;flex-wrap:wrap;margin-top:1rem}
figure{margin:0;text-align:center}figcaption{font-size:11px;word-break:break-all;max-width:16rem}.label{font-weight:700;font-size:12px}
footer{color:#666;font-size:11px;margin-top:1.5rem}
@media (max-width:40rem){table.lines{display:block;overflow-x:auto}.parties section{min-width:0}}`

/** The page of a visualisation. */
export const renderVisualHtml = (v: InvoiceVisual): string => {
  const parts: string[] = []
  parts.push(
    `<div class="head"><div><h1>${esc(v.title)}</h1><p>${esc(v.number)}</p></div><dl>${v.facts
      .map(([k, val]) => `<dt>${esc(k)}</dt><dd>${esc(val)}</dd>`)
      .join('')}</dl></div>`,
  )
  if (v.notice) parts.push(`<p class="notice">${esc(v.notice)}</p>`)
  parts.push(
    `<div class="parties">${v.parties
      .map((p) => `<section><h2>${esc(p.title)}</h2>${p.lines.map((l) => `<p>${esc(l)}</p>`).join('')}</section>`)
      .join('')}</div>`,
  )
  parts.push(table(v.lines, 'lines'))
  parts.push(table(v.totals, 'totals'))
  parts.push(`<p class="due">${esc(v.due[0])}: ${esc(v.due[1])}</p>`)
  for (const s of v.sections)
    parts.push(`<section><h2>${esc(s.title)}</h2>${s.lines.map((l) => `<p>${esc(l)}</p>`).join('')}</section>`)
  if (v.codes.length > 0)
    parts.push(
      `<div class="codes">${v.codes
        .map(
          (c) =>
            `<figure><a href="${esc(c.url)}">${qrSvg(c.matrix, `${c.caption}: ${c.label}`)}</a><div class="label">${esc(c.label)}</div><figcaption>${esc(c.caption)}<br>${esc(c.url)}</figcaption></figure>`,
        )
        .join('')}</div>`,
    )
  if (v.generated) parts.push(`<footer>${esc(v.generated)}</footer>`)
  return `<!doctype html>
<html lang="${v.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(`${v.title} ${v.number}`)}</title><style>${STYLE}</style></head>
<body>
${parts.join('\n')}
</body></html>
`
}

/** The HTML preview of an FA(3) file. */
export const invoiceHtml = (xml: string, options: VisualOptions = {}): string =>
  renderVisualHtml(invoiceVisual(xml, options))
