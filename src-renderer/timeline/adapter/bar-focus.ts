// Keyboard focus and the short highlight on bars. Bars are SVG groups that frappe rebuilds on a
// full render, so both are kept here by task id and put back after every draw.
//
// One bar at a time is in the Tab order (a roving tabindex): the focused task's bar when it is
// drawn, else the first bar drawn, so Tab enters the chart once and the arrow keys move within it.
// Keyboard focus in the chart never falls to the page's body because of a draw: a bar or arrow
// that a draw takes away hands it to another bar. A bar holding focus in place of the focused
// task's bar gives it to that bar as soon as it is drawn, so focus on the bars follows the task
// the planner (and its task tree) has focused.

/** How long a bar stays highlighted after it was brought into view, ms. */
export const FLASH_MS = 1_600

export class BarFocus {
  private focusId: string | undefined
  /** Keyboard focus was asked for a bar not drawn yet: give it once it is. */
  private wantFocus = false
  /** What had focus before a draw (see remember()): a selector, and its row for a bar. */
  private held: { selector: string; row: number | undefined } | undefined
  /** Whether what was held showed its focus ring (:focus-visible), to show it again. */
  private heldVisible = false
  private flashing: { id: string; until: number } | undefined
  private timer: ReturnType<typeof setTimeout> | undefined

  /** `rowOf`: the row of a task's bar in the layout, drawn or not. */
  constructor(
    private readonly root: HTMLElement,
    private readonly rowOf: (taskId: string) => number | undefined,
  ) {}

  /**
   * Before a draw: what has keyboard focus in the chart (a bar or an arrow). A full render
   * replaces the SVG, and the focus would fall to the page's body mid-Tab (the browser scrolls
   * a focused element into view, which moves the drawn window, which re-renders).
   */
  remember(): void {
    const active = document.activeElement
    if (!(active instanceof SVGElement) || !this.root.contains(active)) {
      this.held = undefined
      return
    }
    this.heldVisible = active.matches(':focus-visible')
    const bar = active.closest<SVGGElement>('.bar-wrapper')?.dataset.taskId
    const link = active.closest('.tb-arrow')?.getAttribute('data-link-id')
    const selector = bar
      ? `.bar-wrapper[data-task-id="${CSS.escape(bar)}"]`
      : link
        ? `.tb-arrow[data-link-id="${CSS.escape(link)}"] .tb-arrow-hit`
        : undefined
    this.held = selector ? { selector, row: bar ? this.rowOf(bar) : undefined } : undefined
  }

  /**
   * After a draw: tabindex on every bar, focus kept, the highlight back on its bar. The bar (or
   * arrow) that had focus before a full render is a new element now: it becomes the Tab stop and
   * gets focus back. Tab stops are set first, since a freshly drawn bar is not focusable until it
   * has a tabindex (focus() on it did nothing, and the next arrow key went to the page's body).
   *
   * What had focus and is not drawn any more (a window move left its row out: on a loaded
   * machine, a move drawn late for a scroll made before a Tab) hands focus to the focused task's
   * bar, else the drawn bar nearest its row: the next arrow key still moves through the bars.
   */
  apply(): void {
    const held = this.held
    this.held = undefined
    const lost = held !== undefined && !this.root.contains(document.activeElement)
    const restore = lost
      ? (this.root.querySelector<SVGElement>(held.selector) ?? undefined)
      : undefined
    const bars = [...this.root.querySelectorAll<SVGGElement>('.bar-wrapper[data-task-id]')]
    // The bar with focus (kept through the draw, or to be given it back) is the Tab stop.
    const active = document.activeElement
    const activeBar =
      active instanceof SVGGElement && this.root.contains(active) && active.matches('.bar-wrapper')
        ? active
        : undefined
    const heldBar = restore?.matches('.bar-wrapper') ? restore : activeBar
    const focusBar = bars.find((b) => b.dataset.taskId === this.focusId)
    // Focus asked for (an arrow key moved it) wins over the focus kept from before the draw.
    const wanted = this.wantFocus ? focusBar : undefined
    const stand = lost && !restore ? (focusBar ?? this.nearest(bars, held.row)) : undefined
    // A bar that holds focus in place of the focused task's bar (a stand-in above, or a bar that
    // kept it while the focus moved on by a key handled late) hands it over once that bar is
    // drawn: keyboard focus on the bars always comes back to the planner's focused task.
    const follow =
      !wanted && !restore && !stand && activeBar && focusBar && activeBar !== focusBar
        ? focusBar
        : undefined
    const target = wanted ?? follow ?? heldBar ?? stand ?? focusBar ?? bars[0]
    for (const bar of bars) bar.setAttribute('tabindex', bar === target ? '0' : '-1')
    if (wanted) {
      this.wantFocus = false
      wanted.focus(focusOptions(true))
    } else if (follow) {
      follow.focus(focusOptions(activeBar!.matches(':focus-visible')))
    } else if (restore) {
      if (!restore.matches('.bar-wrapper')) makeArrowStop(this.root, restore)
      restore.focus(focusOptions(this.heldVisible))
    } else if (stand) {
      stand.focus(focusOptions(this.heldVisible))
    }
    if (this.flashing && Date.now() < this.flashing.until) {
      this.find(this.flashing.id)?.classList.add('is-flash')
    }
  }

  /** Makes the task's bar the chart's Tab stop; `focus`: move keyboard focus there now. */
  setFocus(id: string, focus: boolean): void {
    this.focusId = id
    this.wantFocus = focus
    this.apply()
  }

  /** A bar that has keyboard focus right now (its task id), if any. */
  get focusedId(): string | undefined {
    const active = document.activeElement
    return active instanceof SVGElement && this.root.contains(active)
      ? (active.closest<SVGGElement>('.bar-wrapper')?.dataset.taskId ?? undefined)
      : undefined
  }

  /** Highlights the task's bar for FLASH_MS (again from the start if it already is). */
  flash(id: string): void {
    this.clearFlash()
    this.flashing = { id, until: Date.now() + FLASH_MS }
    const bar = this.find(id)
    if (bar) {
      // Restart the animation: a second flash of the same bar must show.
      bar.classList.remove('is-flash')
      void bar.getBoundingClientRect()
      bar.classList.add('is-flash')
    }
    this.timer = setTimeout(() => this.clearFlash(), FLASH_MS)
  }

  dispose(): void {
    this.clearFlash()
  }

  private clearFlash(): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    if (this.flashing) this.find(this.flashing.id)?.classList.remove('is-flash')
    this.flashing = undefined
  }

  /** The drawn bar whose row is nearest `row` (the first drawn when the row is not known). */
  private nearest(bars: readonly SVGGElement[], row: number | undefined): SVGGElement | undefined {
    if (row === undefined) return bars[0]
    let best: SVGGElement | undefined
    let bestGap = Infinity
    for (const bar of bars) {
      const at = this.rowOf(bar.dataset.taskId ?? '')
      const gap = at === undefined ? Infinity : Math.abs(at - row)
      if (gap < bestGap) [best, bestGap] = [bar, gap]
    }
    return best ?? bars[0]
  }

  private find(id: string): SVGGElement | null {
    return this.root.querySelector<SVGGElement>(`.bar-wrapper[data-task-id="${CSS.escape(id)}"]`)
  }
}

/**
 * No scroll (the view decides where it looks), and the focus ring as it was: focus put back after
 * a full render comes from a script after a moment on the page's body, and whether Chromium then
 * shows the ring depends on what the page saw last (the navigation e2e saw a focused bar without
 * its ring). `focusVisible` is not in TypeScript's DOM types yet.
 */
function focusOptions(focusVisible: boolean): FocusOptions {
  return { preventScroll: true, focusVisible } as FocusOptions
}

/** The arrows are one Tab stop (a roving tabindex): `hit` becomes it. */
function makeArrowStop(root: HTMLElement, hit: SVGElement): void {
  for (const other of root.querySelectorAll('.tb-arrow-hit[tabindex="0"]')) {
    other.setAttribute('tabindex', '-1')
  }
  hit.setAttribute('tabindex', '0')
}
