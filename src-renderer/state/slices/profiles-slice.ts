// The configured boards as main last listed them (names, masked keys, the lists the user gave),
// so that the status bar can name the open board and the coverage panel can prefill its lists.
// The board menu keeps its own copy while it is open; this one follows every reload.
import type { BoardProfileView } from '../../../src-shared/ipc/contract'
import { idTable } from '../../../src-shared/api/id-table'
import type { PlannerState, SliceCreator } from '../store'

export interface ProfilesSlice {
  profiles: readonly BoardProfileView[]
  profilesReceived(profiles: readonly BoardProfileView[]): void
  /** One board changed (its lists were saved): replaces it, keeping the order. */
  profileUpdated(profile: BoardProfileView): void
}

export const createProfilesSlice: SliceCreator<ProfilesSlice> = (set) => ({
  profiles: [],
  profilesReceived: (profiles) => set((s) => withProfiles(s, profiles)),
  profileUpdated: (profile) =>
    set((s) =>
      withProfiles(
        s,
        s.profiles.map((p) => (p.id === profile.id ? profile : p)),
      ),
    ),
})

/**
 * The new profiles, and the shown board's task links dropped when it moved to another address:
 * they are the old service's URLs ("Copy link" would copy, or build from, the old host's).
 */
function withProfiles(
  s: PlannerState,
  profiles: readonly BoardProfileView[],
): Partial<PlannerState> {
  const id = s.board.profileId
  const before = s.profiles.find((p) => p.id === id)?.baseUrl
  const after = profiles.find((p) => p.id === id)?.baseUrl
  const moved = before !== undefined && after !== undefined && before !== after
  return moved ? { profiles, board: { ...s.board, taskUrls: idTable() } } : { profiles }
}
