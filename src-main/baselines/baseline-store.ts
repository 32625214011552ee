// Baselines: the planner's own history of task dates (the interface has none), kept by main per
// board profile (../profiles/named-item-store.ts: one JSON file per board, atomic, checked on
// read). Lists give summaries only: a 50,000-task baseline is megabytes.
import {
  BASELINES_PER_BOARD_MAX,
  baselineNameProblem,
  SavedBaseline,
} from '../../src-shared/baselines/saved-baseline'
import type { BaselineContent, BaselineSummary } from '../../src-shared/baselines/saved-baseline'
import { NamedItemStore } from '../profiles/named-item-store'
import type { NamedItemStoreOptions } from '../profiles/named-item-store'

export type BaselineStoreOptions = NamedItemStoreOptions

const summary = (b: SavedBaseline): BaselineSummary => ({
  name: b.name,
  savedAt: b.savedAt,
  taskCount: Object.keys(b.tasks).length,
})

export class BaselineStore {
  readonly #items: NamedItemStore<SavedBaseline>

  constructor(dir: string, options: BaselineStoreOptions = {}) {
    this.#items = new NamedItemStore(
      dir,
      {
        schema: SavedBaseline,
        key: 'baselines',
        noun: 'baseline',
        max: BASELINES_PER_BOARD_MAX,
        nameProblem: baselineNameProblem,
        // One line: a 50,000-task baseline pretty-printed would be twice the size.
        pretty: false,
      },
      options,
    )
  }

  fileOf(profileId: string): string {
    return this.#items.fileOf(profileId)
  }

  async list(profileId: string): Promise<BaselineSummary[]> {
    return (await this.#items.all(profileId)).map(summary)
  }

  get(profileId: string, name: string): Promise<SavedBaseline> {
    return this.#items.get(profileId, name)
  }

  /** Saves `baseline` under its (trimmed) name, replacing a baseline of that name. */
  async save(profileId: string, baseline: BaselineContent): Promise<BaselineSummary[]> {
    const saved = { ...baseline, savedAt: this.#items.now().toISOString() }
    return (await this.#items.put(profileId, saved)).map(summary)
  }

  async delete(profileId: string, name: string): Promise<BaselineSummary[]> {
    return (await this.#items.remove(profileId, name)).map(summary)
  }

  /** Removes a board's baselines (the board was removed from the planner). */
  forget(profileId: string): Promise<void> {
    return this.#items.forget(profileId)
  }
}
