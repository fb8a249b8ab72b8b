import type { Ctx } from './context.ts'

/**
 * The two answers a listing command gives before its rows: the whole list as JSON with `--json`, or its line saying
 * there is nothing when the list is empty. True when one of them was written (no rows to write then).
 */
export const answeredAsJsonOrNone = (
  ctx: Ctx,
  list: readonly unknown[],
  json: boolean | undefined,
  none: string,
): boolean => {
  if (json) ctx.out(`${JSON.stringify(list, null, 2)}\n`)
  else if (list.length === 0) ctx.out(`${none}\n`)
  else return false
  return true
}
