/** The text of a PDF as pdf.js (Mozilla's reader) extracts it: every page, whitespace collapsed to single spaces. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

export const pdfText = async (bytes: Uint8Array): Promise<string> => {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise
  const pages: string[] = []
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent()
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '))
  }
  await pdf.destroy()
  return pages.join('\n').replace(/\s+/g, ' ')
}
