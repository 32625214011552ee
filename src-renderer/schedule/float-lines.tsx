// A task's float in its details panel (issue 12, item 3), read-only: total float (the days it can
// slip without moving the critical path's target) and free float (without moving any successor),
// towards the target chosen beside "Critical path" (the latest due date unless a milestone is
// picked).
import { useMemo } from 'react'
import { taskFloat } from '../../src-shared/schedule'
import { keyNamer } from '../dependencies/dependency-words'
import { usePlanner } from '../state'
import { selectCriticalTarget, selectFloat, selectScheduleIndex } from './schedule-selectors'

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`

export function FloatLines({ taskId }: { taskId: string }): React.JSX.Element {
  const index = usePlanner(selectScheduleIndex)
  const float = usePlanner(selectFloat)
  const target = usePlanner(selectCriticalTarget)
  const tasksById = usePlanner((s) => s.board.tasksById)
  const dependencies = usePlanner((s) => s.board.dependencies)
  const keyOf = useMemo(() => keyNamer(tasksById, dependencies), [tasksById, dependencies])
  const value = taskFloat(index, float, taskId)
  const to = target ? `milestone ${keyOf(target)}` : 'the latest due date'
  return (
    <dl className="read-only float-lines" aria-label="Float">
      {value ? (
        <>
          <dt>Total float</dt>
          <dd>
            {days(value.totalFloat)}
            {value.critical ? ' (critical)' : ''}
          </dd>
          <dt>Free float</dt>
          <dd>{days(value.freeFloat)}</dd>
          <dt>Towards</dt>
          <dd>{to}</dd>
        </>
      ) : (
        <>
          <dt>Float</dt>
          <dd>
            {target
              ? `none: this task does not lead to ${to} or has no dates`
              : 'none: this task has no dates'}
          </dd>
        </>
      )}
    </dl>
  )
}
