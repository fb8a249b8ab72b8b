declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    method?: string
    body?: string
    /** A sequence each connection sends in turn (autocannon's `requests`), paths relative to `url`. */
    requests?: Request[]
  }
  /** One request of a sequence; `setupRequest` may rewrite it per send, with a context kept per connection. */
  export interface Request {
    method?: string
    path: string
    body?: string
    headers?: Record<string, string>
    setupRequest?: (req: Request, context: Record<string, unknown>) => Request
  }
  interface Histogram {
    average: number
    mean: number
    p50: number
    p99: number
    max: number
  }
  interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    non2xx: number
    errors: number
    timeouts: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
