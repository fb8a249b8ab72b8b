/**
 * `finance import FILE`: restores a JSON-lines export into an empty store. The whole file is validated first
 * (JSON, fields, order, known event type and payload); the first bad line is reported with its number and
 * nothing is written. Event ids, metadata and the order within and across streams are preserved.
 */
import { createReadStream } from 'node:fs'
import { access } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import type { NewEvent } from '@finance/event-store'
import type { Ctx } from '../context.ts'
import { CliError } from '../errors.ts'
import { groupDigits } from '../format.ts'
import { type ImportedEvent, parseLine, SequenceChecker, toNewEvent } from '../jsonl.ts'
import { checkEventType } from '../known-events.ts'

const BATCH = 1000

async function* linesOf(file: string): AsyncGenerator<{ text: string; lineNo: number }> {
  const rl = createInterface({
    input: createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  let lineNo = 0
  for await (const text of rl) {
    lineNo++
    if (text.trim() === '') continue
    yield { text, lineNo }
  }
}

/** The second pass: the file was fully validated by the first, so event payloads are not checked again. */
async function* eventsOf(file: string): AsyncGenerator<ImportedEvent> {
  for await (const { text, lineNo } of linesOf(file)) yield parseLine(text, lineNo, () => {})
}

export const importCommand = async (ctx: Ctx, file: string): Promise<void> => {
  try {
    await access(file)
  } catch {
    throw new CliError(`cannot read ${file}: no such file`)
  }
  const store = await ctx.store()
  const refuseIfNotEmpty = async () => {
    const head = await store.headPosition()
    if (head !== 0n)
      throw new CliError(`the store is not empty (${head} events); import only restores into an empty store`)
  }
  await refuseIfNotEmpty()

  // Pass 1: validate everything, write nothing.
  const checker = new SequenceChecker()
  let count = 0
  for await (const { text, lineNo } of linesOf(file)) {
    checker.check(parseLine(text, lineNo, checkEventType), lineNo)
    count++
  }
  if (count === 0) throw new CliError(`${file} holds no events`)

  // Pass 2: write in stream order, batching consecutive events of one stream.
  await refuseIfNotEmpty()
  let streamId = ''
  let firstRevision = 0n
  let batch: NewEvent[] = []
  const flush = async () => {
    if (batch.length === 0) return
    await store.append(streamId, batch, firstRevision === 0n ? 'no_stream' : firstRevision - 1n)
    batch = []
  }
  for await (const e of eventsOf(file)) {
    if (e.streamId !== streamId || batch.length >= BATCH) {
      await flush()
      streamId = e.streamId
      firstRevision = e.revision
    }
    batch.push(toNewEvent(e))
  }
  await flush()
  ctx.out(`imported ${groupDigits(count)} events into ${groupDigits(checker.streams)} streams\n`)
}
