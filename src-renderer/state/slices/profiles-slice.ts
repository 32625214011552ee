// The configured boards as main last listed them (names, masked keys, the lists the user gave),
// so that the status bar can name the open board and the coverage panel can prefill its lists.
// The board menu keeps its own copy while it is open; this one follows every reload.
import type { BoardProfileView } from '../../../src-shared/ipc/contract'
import type { SliceCreator } from '../store'

export interface ProfilesSlice {
  profiles: readonly BoardProfileView[]
  profilesReceived(profiles: readonly BoardProfileView[]): void
  /** One board changed (its lists were saved): replaces it, keeping the order. */
  profileUpdated(profile: BoardProfileView): void
}

export const createProfilesSlice: SliceCreator<ProfilesSlice> = (set) => ({
  profiles: [],
  profilesReceived: (profiles) => set({ profiles }),
  profileUpdated: (profile) =>
    set((s) => ({ profiles: s.profiles.map((p) => (p.id === profile.id ? profile : p)) })),
})
