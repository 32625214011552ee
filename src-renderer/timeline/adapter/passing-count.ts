// The count of dependencies that cross the window with neither end in it (RenderInput.passing).
// Their lines are not drawn: thousands of them at 50,000 tasks made the chart a barcode and cost
// most of a frame. One label says how many there are instead, kept at the top-left corner of
// the view while the chart scrolls under it (position: sticky, clear of the React side's sticky
// header and task tree: `insets`).
import './passing-count.css'

export class PassingCount {
  private readonly box: HTMLDivElement
  private readonly label: HTMLSpanElement
  private shown = -1

  constructor(host: HTMLElement, insets: { top: number; left: number }) {
    // A zero-height block in the host's flow: sticky needs one, and it must not push anything.
    this.box = document.createElement('div')
    this.box.className = 'tb-passing'
    this.box.style.top = `${insets.top}px`
    this.box.style.left = `${insets.left}px`
    this.label = document.createElement('span')
    this.label.className = 'tb-passing-label'
    this.label.title =
      'Dependencies between tasks above and below the rows in view. Their arrows are not drawn: scroll to either end, or select the task, to see them.'
    this.box.appendChild(this.label)
    this.box.hidden = true
    host.prepend(this.box)
  }

  show(count: number): void {
    if (count === this.shown) return
    this.shown = count
    this.box.hidden = count <= 0
    this.label.textContent =
      count === 1
        ? '1 dependency passes through'
        : `${count.toLocaleString('en-US')} dependencies pass through`
  }

  remove(): void {
    this.box.remove()
  }
}
