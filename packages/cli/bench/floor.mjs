// The floor of any replay that reads JSON events from SQLite: the bare driver reads the rows of positions
// (FROM, TO] in pages of 5,000 and JSON.parses each event's data, with no Finance code at all (no store adapter,
// no upcasting, no fold). With `keep` it also holds every parsed event in memory to the end, as a rebuild that
// holds every user's books to the end must (the garbage collector then copies them out of the young generation).
// Plain JavaScript, so it starts as fast as Node does.
// Usage: node floor.mjs FILE FROM TO [keep]  → prints `{"rows":…,"seconds":…,"cpuSeconds":…}` (from the first read to
// the last; CPU time of the same span, steadier than wall time on a busy machine).
import { DatabaseSync } from 'node:sqlite'

const [file, from, to] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])]
const kept = process.argv[5] === 'keep' ? [] : null
const db = new DatabaseSync(file, { readOnly: true })
const page = db.prepare(
  'SELECT position, stream_id, revision, type, schema_version, data FROM events ' +
    'WHERE position > ? AND position <= ? ORDER BY position LIMIT 5000',
)
page.setReturnArrays(true)
const started = performance.now()
const cpu = process.cpuUsage()
let rows = 0
for (let after = from; ; ) {
  const batch = page.all(after, to)
  if (batch.length === 0) break
  if (kept === null) for (const r of batch) JSON.parse(r[5])
  else for (const r of batch) kept.push(JSON.parse(r[5]))
  rows += batch.length
  after = batch[batch.length - 1][0]
}
const seconds = (performance.now() - started) / 1000
const used = process.cpuUsage(cpu)
const cpuSeconds = (used.user + used.system) / 1e6
process.stdout.write(`${JSON.stringify({ rows, seconds, cpuSeconds })}\n`)
db.close()
