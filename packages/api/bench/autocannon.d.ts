declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    method?: string
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
