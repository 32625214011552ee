// Messages between the description pool (pool.ts) and its threads (convert-worker.ts).
import type { DescriptionType } from '../../src-shared/api'
import type { StoredDescription } from './convert-description'

export interface ConvertRequest {
  id: number
  type: DescriptionType
  content: string
}

export type ConvertReply =
  | { ready: true }
  | { id: number; result: StoredDescription }
  /** Refused (too deep) or failed: the message for the field. */
  | { id: number; problem: string }
