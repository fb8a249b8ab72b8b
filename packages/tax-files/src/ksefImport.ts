/**
 * The checks of an FA(3) import before anything is written: each file is decoded (UTF-8), validated against the
 * official FA(3) schema (all files of a batch in one run of the validator), read, and turned into the document it
 * becomes in the books (`fa3Document`). A file that fails any step is reported with its reason; the caller writes
 * the documents of the others (`ImportDocuments`), which the books may still refuse as duplicates.
 */
import { type Fa3Message, type Fa3Result, fa3Document, ksefNumberFromFileName, readFa3 } from './fa3.ts'
import { validateMany } from './validate.ts'

export interface InvoiceFile {
  readonly fileName: string
  /** The file's bytes, or its text. */
  readonly content: Uint8Array | string
  /** A KSeF number the user entered; otherwise the one in the file name, if any. */
  readonly ksefNumber?: string | null
}

export type PreparedFile = { readonly fileName: string; readonly ksefNumber: string | null } & Fa3Result

/** Files larger than this are refused unread (the largest real invoices are far smaller). */
export const MAX_INVOICE_BYTES = 5 * 1024 * 1024

const decoder = new TextDecoder('utf-8', { fatal: true })

const decode = (content: Uint8Array | string): string | null => {
  if (typeof content === 'string') return content.replace(/^\uFEFF/, '')
  try {
    return decoder.decode(content).replace(/^\uFEFF/, '')
  } catch {
    return null
  }
}

const DOCTYPE = /<!DOCTYPE/i

const refuse = (problems: readonly Fa3Message[]) => ({ ok: false as const, problems })

/** Checks every file and says, per file, what it becomes or why it is refused (in the order given). */
export const prepareInvoices = async (
  files: readonly InvoiceFile[],
  ourNips: readonly string[],
): Promise<readonly PreparedFile[]> => {
  const texts = files.map((f) => {
    const size = typeof f.content === 'string' ? f.content.length : f.content.byteLength
    return size > MAX_INVOICE_BYTES ? null : decode(f.content)
  })
  // A document type declaration (its entities, external or internal) is never read: an FA(3) invoice has none.
  const declared = texts.map((t) => t !== null && DOCTYPE.test(t))
  const valid = texts.map((t, i) => t !== null && !declared[i])
  const checks = await validateMany(
    texts.filter((t): t is string => t !== null),
    'FA(3)',
  )
  let next = 0
  return files.map((f, i) => {
    const ksefNumber = f.ksefNumber?.trim() ? f.ksefNumber.trim().toUpperCase() : ksefNumberFromFileName(f.fileName)
    const base = { fileName: f.fileName, ksefNumber }
    const size = typeof f.content === 'string' ? f.content.length : f.content.byteLength
    if (declared[i])
      return {
        ...base,
        ...refuse([
          { code: 'DOCTYPE', message: 'The file declares a document type (DOCTYPE), which an FA(3) invoice has not' },
        ]),
      }
    if (!valid[i])
      return {
        ...base,
        ...refuse([
          size > MAX_INVOICE_BYTES
            ? { code: 'TOO_LARGE', message: 'The file is larger than 5 MB' }
            : { code: 'NOT_UTF8', message: 'The file is not UTF-8 text' },
        ]),
      }
    const check = checks[next++]!
    if (!check.valid)
      return {
        ...base,
        ...refuse(
          check.errors.slice(0, 5).map((e) => ({
            code: 'SCHEMA',
            message: `Not a valid FA(3) invoice${e.line === null ? '' : ` (line ${e.line})`}: ${e.message}`,
            params: { line: e.line === null ? '' : String(e.line), detail: e.message },
          })),
        ),
      }
    // The schema took it; a reading that still fails refuses this file alone, never the request.
    let read: ReturnType<typeof readFa3>
    try {
      read = readFa3(texts[i]!)
    } catch (e) {
      const detail = e instanceof Error ? e.message : String(e)
      return {
        ...base,
        ...refuse([{ code: 'SCHEMA', message: `Not a valid FA(3) invoice: ${detail}`, params: { line: '', detail } }]),
      }
    }
    return { ...base, ...fa3Document(read, { ourNips, ksefNumber }) }
  })
}
