/** The KSeF simulator in a worker thread, so that the bench's thread measures the client alone. */
import { parentPort, workerData } from 'node:worker_threads'
import { buildInvoice } from '@finance/tax-files/testing'
import { startSimulator } from '../test/simulator/index.ts'

const { nip } = workerData as { nip: string }
const sim = await startSimulator({ nip, pendingPolls: 0 })
const port = parentPort!
port.on('message', async (m: { type: string; count?: number }) => {
  if (m.type === 'receive') {
    const base = Date.now() - 3600_000
    for (let i = 0; i < (m.count ?? 0); i++)
      sim.receive(
        buildInvoice({
          sellerNip: '7740001454',
          buyerNip: nip,
          number: `ZAK/${i}/2026`,
          issueDate: '2026-03-05',
          amounts: [
            ['P_13_1', '100.00'],
            ['P_14_1', '23.00'],
          ],
          total: '123.00',
          lines: [{ description: 'Usługa', net: '100.00', rate: '23' }],
        }),
        new Date(base + i),
      )
    port.postMessage({ type: 'received', invoices: sim.invoices.length })
  } else if (m.type === 'state') {
    port.postMessage({ type: 'state', invoices: sim.invoices.length, violations: sim.violations.slice(0, 5) })
  } else if (m.type === 'close') {
    await sim.close()
    port.postMessage({ type: 'closed' })
  }
})
port.postMessage({ type: 'ready', url: sim.url, token: sim.token })
