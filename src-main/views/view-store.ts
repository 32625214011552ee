// Saved views: a board's named filters, zoom and collapsed rows, kept by main per board profile
// (../profiles/named-item-store.ts: one JSON file per board, atomic, checked on read).
import {
  SavedView,
  viewNameProblem,
  VIEWS_PER_BOARD_MAX,
} from '../../src-shared/filters/saved-view'
import type { ViewContent } from '../../src-shared/filters/saved-view'
import { NamedItemStore } from '../profiles/named-item-store'
import type { NamedItemStoreOptions } from '../profiles/named-item-store'

export type ViewStoreOptions = NamedItemStoreOptions

export class ViewStore {
  readonly #items: NamedItemStore<SavedView>

  constructor(dir: string, options: ViewStoreOptions = {}) {
    this.#items = new NamedItemStore(
      dir,
      {
        schema: SavedView,
        key: 'views',
        noun: 'view',
        max: VIEWS_PER_BOARD_MAX,
        nameProblem: viewNameProblem,
        pretty: true,
      },
      options,
    )
  }

  fileOf(profileId: string): string {
    return this.#items.fileOf(profileId)
  }

  list(profileId: string): Promise<SavedView[]> {
    return this.#items.all(profileId)
  }

  /** Saves `view` under its (trimmed) name, replacing a view of that name. */
  save(profileId: string, view: ViewContent): Promise<SavedView[]> {
    return this.#items.put(profileId, { ...view, savedAt: this.#items.now().toISOString() })
  }

  delete(profileId: string, name: string): Promise<SavedView[]> {
    return this.#items.remove(profileId, name)
  }

  /** Removes a board's views (the board was removed from the planner). */
  forget(profileId: string): Promise<void> {
    return this.#items.forget(profileId)
  }
}
