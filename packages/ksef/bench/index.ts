/**
 * `npm run bench -- ksef`: the KSeF client against the simulator (in a worker thread, so that this thread's CPU time
 * is the client's alone, `process.threadCpuUsage()`):
 * - sending 1 000 invoices in a batch session, and in interactive sessions (encryption, hashes, the statuses, each UPO checked against
 *   upo-v4-3.xsd): the client's CPU time and the wall time;
 * - an incremental fetch with nothing new after 10 000 received invoices (from the high-water mark);
 * - issuing 1 000 invoices with their PDFs (`visual.ts`).
 */
import { Worker } from 'node:worker_threads'
import { buildInvoice } from '@finance/tax-files/testing'
import { KsefHttpClient } from '../src/index.ts'
import { pdfBench } from './visual.ts'

const NIP = '5265877635'

type Message = { type: string; url?: string; token?: string; invoices?: number; violations?: string[] }

const cpuMs = () => {
  const u = (process as unknown as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ?? process.cpuUsage()
  return (u.user + u.system) / 1000
}

/** `run`'s value with the CPU time (`cpuMs`) and the wall time it took, in ms. */
const timed = async <T>(run: () => Promise<T>): Promise<{ value: T; cpu: number; wall: number }> => {
  const cpu0 = cpuMs()
  const wall0 = performance.now()
  const value = await run()
  return { value, cpu: cpuMs() - cpu0, wall: performance.now() - wall0 }
}

const ask = (worker: Worker, message: object, answer: string): Promise<Message> =>
  new Promise((resolve) => {
    const on = (m: Message) => {
      if (m.type !== answer) return
      worker.off('message', on)
      resolve(m)
    }
    worker.on('message', on)
    worker.postMessage(message)
  })

export async function run(): Promise<void> {
  await pdfBench(cpuMs)
  const worker = new Worker(new URL('./simulatorWorker.ts', import.meta.url), { workerData: { nip: NIP } })
  const ready = await new Promise<Message>((resolve, reject) => {
    worker.on('message', (m: Message) => m.type === 'ready' && resolve(m))
    worker.on('error', reject)
  })
  const client = new KsefHttpClient({ baseUrl: ready.url!, nip: NIP, token: ready.token!, pollIntervalMs: 0 })
  await client.connect()
  const invoiceNumbered = (number: string) =>
    buildInvoice({
      sellerNip: NIP,
      buyerNip: '7740001454',
      number,
      issueDate: '2026-03-02',
      amounts: [
        ['P_13_1', '100.00'],
        ['P_14_1', '23.00'],
      ],
      total: '123.00',
      lines: [{ description: 'Usługa programistyczna', net: '100.00', rate: '23' }],
    })
  const invoices = Array.from({ length: 1000 }, (_, i) => invoiceNumbered(`FV/${i + 1}/2026`))
  // One warm-up invoice (the validators compile on first use on both sides).
  await client.sendInvoices([invoices[0]!])
  const { value: out, cpu: sendCpu, wall: sendWall } = await timed(() => client.sendInvoices(invoices.slice(1)))
  const accepted = out.filter((o) => o.status === 'accepted').length
  console.log(
    `send 999 invoices (interactive session, UPOs checked): client CPU ${(sendCpu / 1000).toFixed(2)} s, wall ${(sendWall / 1000).toFixed(2)} s, accepted ${accepted}`,
  )

  const batch = Array.from({ length: 1000 }, (_, i) => invoiceNumbered(`FB/${i + 1}/2026`))
  const { value: batchOut, cpu: batchCpu, wall: batchWall } = await timed(() => client.sendBatch(batch))
  console.log(
    `send 1 000 invoices (batch session: zipped, encrypted, uploaded, UPOs checked): client CPU ${(batchCpu / 1000).toFixed(2)} s, wall ${(batchWall / 1000).toFixed(2)} s, accepted ${batchOut.filter((o) => o.status === 'accepted').length}`,
  )

  await ask(worker, { type: 'receive', count: 10_000 }, 'received')
  const first = await client.fetchReceived(new Date(Date.now() - 2 * 3600_000).toISOString())
  let next = first.next
  let pages = 1
  for (let page = first; page.truncated; pages++) {
    page = await client.fetchReceived(page.next)
    next = page.next
  }
  const { value: nothing, cpu: fetchCpu, wall: fetchWall } = await timed(() => client.fetchReceived(next))
  console.log(
    `fetch after 10 000 received (${first.invoices.length} in ${pages} page(s) first): from the mark with nothing new ${nothing.invoices.length} invoice(s), client CPU ${fetchCpu.toFixed(0)} ms, wall ${fetchWall.toFixed(0)} ms`,
  )
  const state = await ask(worker, { type: 'state' }, 'state')
  if ((state.violations ?? []).length > 0) console.log(`simulator violations: ${state.violations!.join('; ')}`)
  await ask(worker, { type: 'close' }, 'closed')
  await worker.terminate()
}
