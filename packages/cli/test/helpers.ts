/** In-process runs of `finance` with captured output, a fixed clock and an injected store. */
import { PassThrough } from 'node:stream'
import type { EventStore } from '@finance/event-store'
import { runCli } from '../src/cli.ts'

export interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

export interface RunWith {
  readonly store?: EventStore
  readonly isTTY?: boolean
  readonly now?: string
  /** Lines typed at prompts. */
  readonly input?: string
  readonly env?: Record<string, string | undefined>
}

export const FIXED_NOW = '2026-03-15T10:00:00.000Z'

export const run = async (argv: readonly string[], w: RunWith = {}): Promise<Run> => {
  let stdout = ''
  let stderr = ''
  const stdin = new PassThrough()
  if (w.input !== undefined) stdin.end(w.input)
  const code = await runCli(argv, {
    ...(w.store ? { store: w.store } : {}),
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin,
    isTTY: w.isTTY ?? false,
    now: w.now ?? FIXED_NOW,
    env: w.env ?? {},
  })
  return { code, stdout, stderr }
}
