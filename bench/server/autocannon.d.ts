// The part of autocannon 8's programmatic API the server benchmark uses (the package has no types).
declare module 'autocannon' {
  export interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }

  export interface RequestSpec {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
    setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec
  }

  export interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    overallRate?: number
    ignoreCoordinatedOmission?: boolean
    timeout?: number
    method?: string
    headers?: Record<string, string>
    body?: string | Buffer
    requests?: RequestSpec[]
  }

  export interface Result {
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    statusCodeStats: Record<string, { count: number }>
    latency: Histogram & { totalCount: number }
    requests: Histogram & { sent: number }
    throughput: Histogram
  }

  export default function autocannon(options: Options): Promise<Result>
}
