/**
 * Issuing 1 000 invoices with their PDFs: each FA(3) file written (the test builder) and drawn as a PDF with KOD I
 * and its KSeF number; this thread's CPU time, after one warm-up document (fonts parsed, code compiled).
 */
import { buildInvoice } from '@finance/tax-files/testing'
import { invoicePdf } from '../src/visual/index.ts'

export async function pdfBench(cpuMs: () => number): Promise<void> {
  const xmlOf = (i: number) =>
    buildInvoice({
      sellerNip: '5265877635',
      sellerName: `Usługi Informatyczne Żółć ${i % 7}`,
      buyerNip: '7740001454',
      buyerName: `Nabywca ${i} sp. z o.o.`,
      number: `FV/${i + 1}/2026`,
      issueDate: '2026-03-02',
      amounts: [
        ['P_13_1', `${100 + i}.00`],
        ['P_14_1', `${((100 + i) * 23) / 100}`.replace(/^(\d+)$/, '$1.00').replace(/\.(\d)$/, '.$10')],
      ],
      total: '0.00',
      lines: [{ description: `Usługa programistyczna, etap ${i}`, net: `${100 + i}.00`, rate: '23' }],
      dueOn: '2026-03-16',
    })
  await invoicePdf(xmlOf(0), { environment: 'TEST', ksefNumber: '5265877635-20260302-0100A0B1C2D3-98' })
  const cpu0 = cpuMs()
  const wall0 = performance.now()
  let bytes = 0
  for (let i = 0; i < 1000; i++)
    bytes += (await invoicePdf(xmlOf(i), { environment: 'TEST', ksefNumber: '5265877635-20260302-0100A0B1C2D3-98' }))
      .length
  const cpu = cpuMs() - cpu0
  const wall = performance.now() - wall0
  console.log(
    `1 000 invoices with PDFs (FA(3) written, PDF with KOD I): CPU ${(cpu / 1000).toFixed(2)} s (the issue's aim: < 10 s; ${(cpu / 1000).toFixed(1)} ms a PDF), wall ${(wall / 1000).toFixed(2)} s, ${(bytes / 1000 / 1000).toFixed(1)} MB`,
  )
}
