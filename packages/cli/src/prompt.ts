/** Terminal prompts on stdin, written to stderr so stdout stays clean for data. */
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import type { Ctx } from './context.ts'
import { CliError } from './errors.ts'

const ask = async (ctx: Ctx, question: string, hidden: boolean): Promise<string> => {
  if (!ctx.stdin) throw new CliError('no input to read an answer from')
  let muted = false
  const output = new Writable({
    write(chunk, _enc, done) {
      if (!muted) ctx.err(String(chunk))
      done()
    },
  })
  const rl = createInterface({ input: ctx.stdin, output, terminal: hidden && ctx.isTTY })
  try {
    const answer = new Promise<string>((resolve, reject) => {
      rl.question(question, resolve)
      rl.once('close', () => reject(new CliError('no answer (input closed)')))
    })
    muted = hidden
    const value = await answer
    if (hidden) ctx.err('\n')
    return value
  } finally {
    rl.close()
  }
}

export const askLine = (ctx: Ctx, question: string): Promise<string> => ask(ctx, question, false)
export const askHidden = (ctx: Ctx, question: string): Promise<string> => ask(ctx, question, true)

/** `y`/`yes`/`t`/`tak` confirm; anything else declines. */
export const confirm = async (ctx: Ctx, question: string): Promise<boolean> =>
  /^(y|yes|t|tak)$/i.test((await askLine(ctx, `${question} [y/N] `)).trim())
