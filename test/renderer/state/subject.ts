// The renderer state under test, in one place.
export * from '../../../src-renderer/state'
export {
  addMessages,
  overlayEdits,
  rollBack,
  seenFor,
} from '../../../src-renderer/state/edit-batches'
export { DAY_MS, parseInstant as timeOf, wholeDays } from '../../../src-shared/schedule/days'
