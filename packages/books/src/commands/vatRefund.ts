/**
 * The plan of a VAT refund's request (`SetVatRefund`): a request under a month without a VAT period has no
 * declaration to ride in, and an amount above the period's excess is no refund of it (uVAT art. 87 ust. 1), so both
 * are refused. The check reads the books' VAT periods, a view the decider must not derive:
 * it runs here, on the books the command is decided on, inside the user's write (not on a read taken before it).
 */
import {
  domainError,
  isYearMonth,
  type LedgerCommand,
  type SetVatRefund,
  vatRefundRequestProblem,
} from '@finance/ledger-core/light'
import type { Plan } from './execute.ts'

export const vatRefundPlan =
  (command: SetVatRefund): Plan =>
  (state): LedgerCommand | ReturnType<typeof domainError> => {
    // A withdrawal needs no period; a month that is not one is the decider's to refuse, with its field.
    if (command.refund === null || !isYearMonth(command.month)) return command
    const asked = typeof command.refund === 'object' && command.refund !== null ? command.refund : {}
    const problem = vatRefundRequestProblem(state, command.month, (asked as { amount?: unknown }).amount)
    return problem ? domainError(problem.code, problem.message, [problem]) : command
  }
