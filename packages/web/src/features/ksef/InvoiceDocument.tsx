/**
 * The invoice of an income, or of an expense fetched from KSeF, as a person reads it: "Invoice PDF" downloads the PDF
 * (`GET ksef/invoices/{id}/pdf`) and "Invoice preview" shows the HTML preview (`GET ksef/invoices/{id}/html`) in a
 * sandboxed frame, both in the user's language, drawn by the server from the invoice's FA(3) file with its KSeF
 * number and verification QR code (docs/ksef.md).
 */
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { type ApiClient, api } from '../../api/client.ts'
import { useDownload } from '../../api/useDownload.ts'
import { Button } from '../../ui/index.ts'
import { saveText } from '../../ui/tableCsv.ts'
import './ksef.css'

export interface InvoicePdf {
  readonly fileName: string
  readonly bytes: Uint8Array
}

const langOf = (locale: string) => (locale.startsWith('en') ? 'en' : 'pl')

/** The PDF with the name the server gives it (`content-disposition`). */
export const downloadInvoicePdf = async (
  { id, lang }: { id: number; lang: string },
  client: ApiClient = api,
): Promise<InvoicePdf> => {
  let fileName = `faktura-${id}.pdf`
  const bytes = await client.get<Uint8Array>(`ksef/invoices/${id}/pdf?lang=${langOf(lang)}`, {
    binary: true,
    onHeaders: (h) => {
      const m = /filename="([^"]+)"/.exec(h.get('content-disposition') ?? '')
      if (m?.[1]) fileName = m[1]
    },
  })
  return { fileName, bytes }
}

const savePdf = ({ fileName, bytes }: InvoicePdf): void => saveText(fileName, bytes as BlobPart, 'application/pdf')

type Props = {
  id: number
  download?: (arg: { id: number; lang: string }) => Promise<InvoicePdf>
  save?: (file: InvoicePdf) => void
  preview?: (arg: { id: number; lang: string }) => Promise<string>
}

/** A button that fetches something of the invoice, busy (and disabled) until the answer comes. */
const FetchButton = <A,>({
  job,
  arg,
  label,
}: {
  job: { run: (arg: A) => void; busy: boolean }
  arg: A
  label: string
}) => (
  <Button variant="secondary" onClick={() => job.run(arg)} disabled={job.busy} aria-busy={job.busy}>
    {label}
  </Button>
)

export const fetchInvoicePreview = ({ id, lang }: { id: number; lang: string }, client: ApiClient = api) =>
  client.get<string>(`ksef/invoices/${id}/html?lang=${langOf(lang)}`)

export const InvoiceDocument = ({
  id,
  download = downloadInvoicePdf,
  save = savePdf,
  preview = fetchInvoicePreview,
}: Props) => {
  const { t, i18n } = useLingui()
  const [html, setHtml] = useState<string | null>(null)
  const pdf = useDownload(download, save, (file) => t`Invoice ${file.fileName} downloaded`)
  const shown = useDownload(
    preview,
    (page: string) => setHtml(page),
    () => null,
  )
  return (
    <div className="invoice-document">
      <FetchButton job={pdf} arg={{ id, lang: i18n.locale }} label={t`Invoice PDF`} />
      {html === null ? (
        <FetchButton job={shown} arg={{ id, lang: i18n.locale }} label={t`Invoice preview`} />
      ) : (
        <>
          <Button variant="secondary" onClick={() => setHtml(null)}>
            {t`Hide the preview`}
          </Button>
          <iframe className="invoice-document__preview" title={t`Invoice preview`} sandbox="" srcDoc={html} />
        </>
      )}
    </div>
  )
}
