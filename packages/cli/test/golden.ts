/** Golden files under test/golden/: compared byte for byte; `UPDATE_GOLDEN=1` rewrites them. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'

const dir = fileURLToPath(new URL('./golden/', import.meta.url))
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

/** Masks what legitimately differs between runs: random ids and measured speed. */
export const normalise = (text: string): string =>
  text
    .replace(UUID, '<uuid>')
    .replace(/in \d+\.\d+ s \([\d,]+ events\/s\)/g, 'in <seconds> s (<rate> events/s)')
    .replace(/w \d+,\d+ s \([\d\u00a0]+ zdarzeń\/s\)/g, 'w <seconds> s (<rate> zdarzeń/s)')
    .replace(/"(seconds|cpuSeconds|eventsPerSecond)": [\d.e+-]+/g, '"$1": 0')

export const expectGolden = (name: string, actual: string): void => {
  const file = `${dir}${name}`
  const text = normalise(actual)
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(dir, { recursive: true })
    writeFileSync(file, text)
    return
  }
  if (!existsSync(file)) throw new Error(`missing golden file ${name}: run with UPDATE_GOLDEN=1 to create it`)
  expect(text).toBe(readFileSync(file, 'utf8'))
}
