import { describe, it } from 'vitest'
import { describeEventStoreContract } from '../src/contract.ts'
import { createKurrentStore } from '../src/kurrentdb.ts'

const url = process.env.KURRENTDB_URL

if (url) {
  // A KurrentDB server is shared by everything that writes to it, so the suite runs in shared-log mode:
  // every test uses its own stream prefix and never assumes an empty $all.
  describeEventStoreContract(
    'kurrentdb',
    async () => ({ store: createKurrentStore({ connectionString: url }), cleanup: async () => {} }),
    {
      kind: 'kurrentdb',
      sharedLog: true,
    },
  )
} else {
  describe.skip('EventStore contract: kurrentdb (skipped: set KURRENTDB_URL, e.g. kurrentdb://localhost:2113?tls=false, to run it)', () => {
    it('needs KURRENTDB_URL', () => {})
  })
}
