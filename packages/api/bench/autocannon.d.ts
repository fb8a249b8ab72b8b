declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    method?: string
    body?: string
    /** A sequence each connection sends in turn (autocannon's `requests`), paths relative to `url`. */
    requests?: { method?: string; path: string; body?: string; headers?: Record<string, string> }[]
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
