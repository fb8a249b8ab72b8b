/**
 * The Ministry of Finance's search API of the VAT payers' list (wl-api.mf.gov.pl, "API Wykazu podatników VAT"):
 * `GET /api/check/nip/{nip}/bank-account/{account}?date=YYYY-MM-DD` answers
 * `{ "result": { "accountAssigned": "TAK" | "NIE", "requestDateTime": "dd-MM-yyyy HH:mm:ss", "requestId": "…" } }`;
 * an error is `{ "code": "WL-1xx", "message": "…" }` with status 400. The request id is the proof of the query the
 * Ministry keeps. Not reachable from every installation: the HTTP client is handed in (tests replay recorded answers).
 */
import { WhiteListError, type WhiteList, type WhiteListAnswer, type WhiteListQuery } from './port.ts'

export const WHITE_LIST_API = 'https://wl-api.mf.gov.pl'

export type HttpGet = (url: string) => Promise<{ readonly status: number; json(): Promise<unknown> }>

export const apiWhiteList = (get: HttpGet, base = WHITE_LIST_API): WhiteList => ({
  source: 'api',
  async check(q: WhiteListQuery): Promise<WhiteListAnswer> {
    const url = `${base}/api/check/nip/${encodeURIComponent(q.nip)}/bank-account/${encodeURIComponent(q.account)}?date=${encodeURIComponent(q.date)}`
    let status: number
    let body: unknown
    try {
      const r = await get(url)
      status = r.status
      body = await r.json()
    } catch (e) {
      throw new WhiteListError(
        'whitelist.api.unreachable',
        `The white list API could not be reached: ${(e as Error).message}`,
      )
    }
    const b = (body ?? {}) as {
      result?: { accountAssigned?: unknown; requestId?: unknown }
      code?: unknown
      message?: unknown
    }
    if (status !== 200 || !b.result) {
      const code = typeof b.code === 'string' ? b.code : `HTTP ${status}`
      throw new WhiteListError(
        'whitelist.api.refused',
        `The white list API refused the query (${code}): ${String(b.message ?? '')}`,
      )
    }
    const assigned = b.result.accountAssigned
    if (assigned !== 'TAK' && assigned !== 'NIE')
      throw new WhiteListError('whitelist.api.answer', 'The white list API answered without accountAssigned TAK or NIE')
    const requestId = typeof b.result.requestId === 'string' ? b.result.requestId.slice(0, 64) : null
    return { result: assigned === 'TAK' ? 'listed' : 'absent', listDate: q.date, requestId }
  },
})
