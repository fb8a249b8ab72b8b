import { describeEventStoreContract } from '../src/contract.ts'
import { createMemoryStore } from '../src/memory.ts'

describeEventStoreContract('memory', async () => ({ store: createMemoryStore(), cleanup: async () => {} }), {
  kind: 'memory',
})
