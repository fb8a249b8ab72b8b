/**
 * Terminal prompts: questions go to stderr (stdout stays clean for data), answers come from stdin through one
 * readline interface per run, so several questions in a row each get their own line. Hidden answers (passwords)
 * are not echoed.
 */
import { createInterface, type Interface } from 'node:readline'
import { Writable } from 'node:stream'
import type { Ctx } from './context.ts'
import { userError } from './errors.ts'

interface Reader {
  next(): Promise<string>
  muted: boolean
}

const readers = new WeakMap<Ctx, Reader>()

const readerOf = (ctx: Ctx): Reader => {
  const known = readers.get(ctx)
  if (known) return known
  if (!ctx.stdin) throw userError('noInput')
  const lines: string[] = []
  const waiting: { resolve: (s: string) => void; reject: (e: Error) => void }[] = []
  let closed = false
  const reader: Reader = {
    muted: false,
    next: () =>
      lines.length > 0
        ? Promise.resolve(lines.shift()!)
        : closed
          ? Promise.reject(userError('inputClosed'))
          : new Promise((resolve, reject) => waiting.push({ resolve, reject })),
  }
  const output = new Writable({
    write(chunk, _enc, done) {
      if (!reader.muted) ctx.err(String(chunk))
      done()
    },
  })
  const terminal = ctx.isTTY && (ctx.stdin as { isTTY?: boolean }).isTTY === true
  const rl: Interface = createInterface({ input: ctx.stdin, output, terminal })
  rl.on('line', (line) => {
    const w = waiting.shift()
    if (w) w.resolve(line)
    else lines.push(line)
  })
  rl.on('close', () => {
    closed = true
    for (const w of waiting.splice(0)) w.reject(userError('inputClosed'))
  })
  ctx.onClose(() => rl.close())
  readers.set(ctx, reader)
  return reader
}

const ask = async (ctx: Ctx, question: string, hidden: boolean): Promise<string> => {
  const reader = readerOf(ctx)
  ctx.err(question)
  reader.muted = hidden
  try {
    return await reader.next()
  } finally {
    reader.muted = false
    if (hidden) ctx.err('\n')
  }
}

export const askLine = (ctx: Ctx, question: string): Promise<string> => ask(ctx, question, false)
export const askHidden = (ctx: Ctx, question: string): Promise<string> => ask(ctx, question, true)

/** `t`/`tak`/`y`/`yes` confirm in either language; anything else (an empty answer too) declines. */
export const confirm = async (ctx: Ctx, question: string): Promise<boolean> =>
  /^(y|yes|t|tak)$/i.test((await askLine(ctx, `${question} ${ctx.t('yesNo')} `)).trim())
