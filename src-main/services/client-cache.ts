// One API client per board, made again when the board's base URL or key changes. The cache keeps
// a fingerprint of them, never the key itself: the key lives in the keychain and in the client.
import { createHash } from 'node:crypto'

export interface ClientCredentials {
  baseUrl: string
  apiKey: string
}

/** sha-256 (hex) of the base URL and the key: tells a changed key apart without keeping it. */
export function credentialsFingerprint({ baseUrl, apiKey }: ClientCredentials): string {
  return createHash('sha256')
    .update(JSON.stringify([baseUrl, apiKey]))
    .digest('hex')
}

export class ClientCache<Client> {
  private readonly entries = new Map<string, { fingerprint: string; client: Client }>()

  constructor(private readonly create: (credentials: ClientCredentials) => Client) {}

  /** The board's client: the cached one while its base URL and key are the same, else a new one. */
  get(profileId: string, credentials: ClientCredentials): Client {
    const fingerprint = credentialsFingerprint(credentials)
    const cached = this.entries.get(profileId)
    if (cached?.fingerprint === fingerprint) return cached.client
    const client = this.create(credentials)
    this.entries.set(profileId, { fingerprint, client })
    return client
  }

  /** Drops a board's client (the board was removed). */
  forget(profileId: string): void {
    this.entries.delete(profileId)
  }

  /** What the cache is keyed by, `<profile id>:<fingerprint>` per board. */
  keys(): string[] {
    return [...this.entries].map(([profileId, { fingerprint }]) => `${profileId}:${fingerprint}`)
  }
}
