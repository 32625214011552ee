// The planner window: toolbar with the board menu, the timeline with its task tree, the
// Unscheduled tray, task details, the New task dialog, messages, the status bar and its coverage
// panel.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { BoardMenu } from './board-menu/board-menu'
import type { PlannerApi } from '../src-shared/ipc'
import { plannerApi } from './bridge'
import { CoveragePanel } from './board-coverage/coverage-panel'
import { ExchangeButtons } from './exchange/exchange-buttons'
import { selectFilterOutcome } from './filters/filter-outcome'
import { ContextMenu } from './context-menu/context-menu'
import { HistoryButtons } from './history-buttons'
import { Messages } from './messages'
import { Announcer } from './announcer'
import { QuestionDialog } from './question-dialog'
import { MilestonesPanel } from './schedule/milestones-panel'
import { ProblemsPanel } from './schedule/problems-panel'
import { ScheduleControls } from './schedule/schedule-controls'
import { selectTimelineMarks } from './schedule/schedule-selectors'
import {
  connectEditEvents,
  loadBoard,
  loadProfiles,
  plannerStore,
  selectCurrentProfile,
  usePlanner,
} from './state'
import { StatusBar } from './status-bar'
import { TaskDetails } from './task-details'
import { ThemeControl } from './theme/theme-control'
import { CreateDialog } from './task-form/create-dialog'
import { useTaskFormKeys } from './task-form/open-keys'
import { UnseenCreates } from './task-form/unseen-creates'
import { useNavigationKeys } from './timeline/view/navigation-keys'
import { resortRows } from './timeline/view/resort-rows'
import { buildModel, workSpan } from './timeline/view/timeline-model'
import { TimelineView } from './timeline/view/timeline-view'
import { Toolbar } from './toolbar'
import { useRowLinkDrag } from './tree-links/row-link-drag'
import { WhatIfSetting, WhatIfSummary } from './what-if/what-if-summary'
import { UnscheduledTray } from './unscheduled-tray'
import { useLocalNow } from './use-local-now'

/**
 * The timeline and the Unscheduled tray: the only part of the window drawn from the filtered
 * board. It subscribes to the filter outcome's parts on its own, so that a filter keystroke
 * renders this and the Filters controls, not the whole window (toolbar, status bar, panels),
 * and a keystroke that leaves the shown tasks as they were renders nothing here.
 */
function BoardTimeline({ api }: { api: PlannerApi }): React.JSX.Element {
  // The outcome keeps these three the same objects while what they hold is unchanged.
  const all = usePlanner((s) => selectFilterOutcome(s).all)
  const shown = usePlanner((s) => selectFilterOutcome(s).shown)
  const contextIds = usePlanner((s) => selectFilterOutcome(s).contextIds)
  const zoom = usePlanner((s) => s.view.zoom)
  const collapsedIds = usePlanner((s) => s.view.collapsedIds)
  const sort = usePlanner((s) => s.view.sort)
  const rowRank = usePlanner((s) => s.view.rowRank)
  const marks = usePlanner(selectTimelineMarks)
  // "Now" for the model (overdue bars, the today line, the scale around today): a render reads
  // it from state, not the clock (React renders must be pure); it moves on each hour.
  const now = useLocalNow()
  // The timeline and tree draw what the filters leave (all tasks when none apply); parents kept
  // only for a matching subtask are drawn dimmed.
  // The scale spans the whole board's work, not only what the filters show: filtering keeps the
  // header and the horizontal place as they were (and does not redraw the whole chart).
  // The filter outcome's list of every task (made once per board; Object.values of 50,000 tasks
  // by id took twice as long as the span itself).
  const boardSpan = useMemo(() => workSpan(all), [all])
  const built = useMemo(
    () => buildModel(shown, collapsedIds, zoom, now, { sort, rank: rowRank }, boardSpan),
    [shown, collapsedIds, zoom, sort, rowRank, now, boardSpan],
  )
  // The same scale object while its range is the same: a new one redraws the whole chart and
  // its header, and most edits leave the range as it was.
  const scale = useMemo(
    () => built.scale,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the range, not the object
    [built.scale.zoom, built.scale.firstDay, built.scale.lastDay],
  )
  const model = useMemo(
    () => ({ ...built, scale, contextIds: contextIds }),
    [built, scale, contextIds],
  )
  // The planning views' marks (critical path, a focused milestone's chain, a baseline) only add
  // classes and thin bars: the rows and scale stay the same objects.
  const marked = useMemo(() => ({ ...model, ...marks }), [model, marks])

  return (
    <>
      <TimelineView api={api} model={marked} />
      <UnscheduledTray tasks={model.layout.unscheduled} />
    </>
  )
}

export function App(): React.JSX.Element {
  const api = useMemo(() => plannerApi(), [])
  const store = plannerStore()
  const [listed, setListed] = useState(false)
  const profile = usePlanner(selectCurrentProfile)
  const boardName = profile?.name ?? (listed ? 'No board' : '')
  useTaskFormKeys(store)
  useNavigationKeys(store)
  useRowLinkDrag(store, api)

  // State is set only once the profiles are in (a callback, never while the effect that starts
  // the first load runs).
  const reload = useCallback(
    (cachedFirst: boolean) =>
      loadProfiles(store, api).then(async (profiles) => {
        if (profiles.ok) setListed(true)
        // A loaded board (first start, another board, Refresh) is where rows take a new order:
        // with each snapshot (drawn once, in its order), and again once the pending edits' dates
        // are in (a no-op when they moved nothing).
        await loadBoard(store, api, { cachedFirst, onSnapshot: () => resortRows(store) })
        resortRows(store)
      }),
    [api, store],
  )

  useEffect(() => {
    void reload(true)
    return connectEditEvents(store, api)
  }, [api, store, reload])

  return (
    <div className="planner">
      <Toolbar>
        <BoardMenu api={api} onBoardChanged={() => void reload(true)} />
        <HistoryButtons api={api} />
        <WhatIfSetting api={api} />
        <ScheduleControls api={api} />
        <ExchangeButtons api={api} boardName={boardName} />
        <ThemeControl api={api} />
      </Toolbar>
      <Messages api={api} />
      <Announcer />
      <main className="workspace">
        <BoardTimeline api={api} />
        <TaskDetails api={api} />
        <UnseenCreates />
      </main>
      <CreateDialog api={api} />
      <StatusBar api={api} boardName={boardName} onRefresh={() => void reload(false)} />
      <CoveragePanel api={api} />
      <ProblemsPanel api={api} />
      <MilestonesPanel />
      <QuestionDialog />
      <WhatIfSummary />
      <ContextMenu api={api} />
    </div>
  )
}
