import { readCookie } from '../i18n.ts'
import { storageKeys } from '../storage.ts'

/** The one error every failed call throws (SPEC §8). `status` 0 means the API could not be reached. */
export class ApiError extends Error {
  readonly status: number
  readonly statusText: string
  readonly errors: string[]
  readonly fieldErrors: Record<string, string>
  readonly body: unknown
  constructor(init: {
    status: number
    statusText: string
    errors?: string[]
    fieldErrors?: Record<string, string>
    body?: unknown
  }) {
    super(init.errors?.length ? init.errors.join(' ') : `${init.status} ${init.statusText}`)
    this.name = 'ApiError'
    this.status = init.status
    this.statusText = init.statusText
    this.errors = init.errors ?? []
    this.fieldErrors = init.fieldErrors ?? {}
    this.body = init.body
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError

/** Text of a network failure (status 0), as the browser HTTP stack reports it. */
export const unknownErrorText = 'Unknown Error'
/** Marker in `errors` that means the token is missing, invalid or expired (SPEC §4). */
export const tokenMarker = '!Token'

export type RequestOptions = {
  /** ADMIN api key, sent as `x-api-key` when non-empty. */
  key?: string
  signal?: AbortSignal
  /** Called with a successful answer's headers (e.g. the log page's `X-Total-Count`). */
  onHeaders?: (headers: Headers) => void
  /** The version of the record a write changes, sent as `If-Match` (a stale one answers 409). */
  ifMatch?: number
  /** A successful answer's body as bytes (a PDF), not text or JSON. */
  binary?: boolean
  /**
   * The bearer token to send instead of the stored one (the logout's, sent while the session is dropped). Its
   * rejection (`!Token`) is then the caller's to handle: the app's logout-and-go-to-login handler is not called.
   */
  token?: string
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  del<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
}

export type ApiClientConfig = {
  /** Base of relative paths; `/api/` in the app. */
  baseUrl?: string
  fetch?: typeof globalThis.fetch
  /** Current bearer token, if any. */
  getToken?: () => string | null
  /** Called once per result carrying `!Token` without a token (logout and go to login). */
  onTokenRejected?: () => void
  /** Reads a cookie (CSRF token). */
  readCookie?: (name: string) => string | undefined
}

const isAbsolute = (url: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(url)

const asStringArray = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []

const asFieldErrors = (value: unknown): Record<string, string> => {
  if (value === null || typeof value !== 'object') return {}
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v
  return out
}

/** True when a result says the token was rejected and brings no new one (SPEC §4's logout rule). */
export const isTokenRejected = (body: unknown): boolean => {
  if (body === null || typeof body !== 'object') return false
  const { errors, token } = body as { errors?: unknown; token?: unknown }
  return asStringArray(errors).includes(tokenMarker) && !token
}

export const createApiClient = (config: ApiClientConfig = {}): ApiClient => {
  const baseUrl = config.baseUrl ?? '/api/'
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const getCookie = config.readCookie ?? readCookie
  let csrfToken: string | undefined

  const resolve = (path: string): string => {
    if (isAbsolute(path)) return path
    const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`
    return base + (path.startsWith('/') ? path.slice(1) : path)
  }

  const parse = async (res: Response): Promise<unknown> => {
    const text = await res.text()
    if (text === '') return null
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }

  const csrf = async (): Promise<string | undefined> => {
    const fromCookie = getCookie('XSRF-TOKEN')
    if (fromCookie) return fromCookie
    if (csrfToken) return csrfToken
    try {
      const res = await doFetch(resolve('csrf'), { credentials: 'same-origin' })
      const body = (await parse(res)) as { token?: unknown } | null
      if (res.ok && typeof body?.token === 'string') csrfToken = body.token
    } catch {
      // The real call below reports the connection failure.
    }
    return getCookie('XSRF-TOKEN') ?? csrfToken
  }

  const request = async <T>(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<T> => {
    const url = resolve(path)
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const token = options.token ?? config.getToken?.()
    if (token) headers.authorization = `Bearer ${token}`
    if (options.key) headers['x-api-key'] = options.key
    if (options.ifMatch !== undefined) headers['if-match'] = `"${options.ifMatch}"`
    if (method !== 'GET' && !isAbsolute(path)) {
      const xsrf = await csrf()
      if (xsrf) headers['x-csrf-token'] = xsrf
    }
    let res: Response
    try {
      res = await doFetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal: options.signal,
      })
    } catch (e) {
      if ((e as { name?: string })?.name === 'AbortError') throw e
      throw new ApiError({ status: 0, statusText: unknownErrorText })
    }
    const data = options.binary && res.ok ? new Uint8Array(await res.arrayBuffer()) : await parse(res)
    if (options.token === undefined && isTokenRejected(data)) config.onTokenRejected?.()
    if (!res.ok) {
      const obj = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {}
      throw new ApiError({
        status: res.status,
        statusText: res.statusText,
        errors: asStringArray(obj.errors),
        fieldErrors: asFieldErrors(obj.fieldErrors),
        body: data,
      })
    }
    options.onHeaders?.(res.headers)
    return data as T
  }

  return {
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body ?? {}, options),
    put: (path, body, options) => request('PUT', path, body ?? {}, options),
    del: (path, body, options) => request('DELETE', path, body, options),
  }
}

let tokenRejectedHandler: () => void = () => {}
/** The app installs its logout-and-go-to-login handler here (see app/App.tsx). */
export const setTokenRejectedHandler = (handler: () => void): void => {
  tokenRejectedHandler = handler
}

/** The app's client: `/api/`, token from local storage, `!Token` → the installed handler. */
export const api: ApiClient = createApiClient({
  getToken: () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKeys.token)),
  onTokenRejected: () => tokenRejectedHandler(),
})

// Response shapes of the account calls (apicontract).
export type LoginResult = { token: string; minutes: number; role: string }
export type SuccessResult = { success: boolean; errors: string[] }
/** A password change revokes the session's token and answers a new one. */
export type ChangePasswordResult = SuccessResult & { token?: string; minutes?: number }
export type RefreshResult = { success: boolean; token?: string | null; minutes?: number; errors?: string[] }
export type SettingsData = { name: string; dbName: string; sizeInKB: number | string }
