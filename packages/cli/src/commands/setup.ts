/**
 * `finance setup FILE --user EMAIL`: the first-run set-up from a JSON file `{ company, vat?, pit: [...],
 * socialSecurity }` (docs/api.md, "The first-run set-up"), written as the API's `POST /api/setup` writes it — one
 * command, one append, all of it or, on any invalid field, nothing (every field named with its part).
 */
import { randomUUID } from 'node:crypto'
import { setUpBooks } from '@finance/books'
import { companyWarnings } from '@finance/ledger-core'
import { isDomainError } from '@finance/ledger-core/light'
import { resolveUser } from '../books.ts'
import type { Ctx } from '../context.ts'
import { CliError } from '../errors.ts'
import { coreMessage } from '../coreMessages.ts'
import { parseJsonFile, readInputText } from '../files.ts'
import { translate } from '../i18n.ts'

export const setupCommand = async (ctx: Ctx, file: string, email: string): Promise<void> => {
  const user = await resolveUser(ctx, email)
  const data = parseJsonFile(file, await readInputText(file), 'setupNotJson')
  const done = await setUpBooks(
    await ctx.store(),
    data,
    { userId: user.userId, at: ctx.now().toISOString() },
    { actor: 'cli', correlationId: randomUUID() },
  )
  if (isDomainError(done)) {
    const problems = done.errors ?? [{ field: '', code: done.code, message: done.message }]
    throw new CliError(
      (lang) =>
        `${translate(lang, 'setupRefused', email)}\n${problems
          .map((e) => `  ${e.field === '' ? '' : `${e.field}: `}${coreMessage(lang, e)}`)
          .join('\n')}`,
    )
  }
  ctx.out(`${ctx.t('setupDone', email, done.records.length)}\n`)
  // What the web warns of before saving (a NIP whose check digit is wrong, for one): saved as given, and said.
  const company = (data as { company?: unknown }).company
  for (const w of companyWarnings(company))
    ctx.err(`${ctx.t('setupWarning', `company.${w.field}`, coreMessage(ctx.lang, { message: w.message }))}\n`)
}
