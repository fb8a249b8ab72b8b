import { createSqliteStore } from '@finance/event-store/sqlite.ts'
import { mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { generateHistory } from './bench/generate.ts'
import { booksFolder, upcast } from '@finance/ledger-core'
const dir = mkdtempSync(join(tmpdir(), 'b-'))
const store = createSqliteStore({ file: join(dir, 'f.sqlite') })
let t = performance.now()
await generateHistory(store, { users: 100, eventsPerUser: 1000 })
console.log('gen', performance.now() - t)
for (let k = 0; k < 2; k++) {
  t = performance.now()
  let n = 0
  for await (const e of store.iterateAll({ maxCount: 5000 })) n++
  console.log('read', n, performance.now() - t)
}
t = performance.now()
const folders = new Map()
for await (const e of store.iterateAll({ maxCount: 5000 })) {
  if (!e.streamId.startsWith('books-')) continue
  let f = folders.get(e.streamId)
  if (!f) {
    f = booksFolder()
    folders.set(e.streamId, f)
  }
  f.push(upcast(e.type, e.schemaVersion, e.data))
}
console.log('read+fold', performance.now() - t)
