// A value that follows its source one painted frame late: for numbers beside the timeline that
// are costly to work out for a new board (the toolbar's problem count and milestones). The frame
// that shows the new board is painted first; they follow in a task of their own.
import { useEffect, useState } from 'react'

/** A hidden window paints no frames: the value follows after this long all the same, ms. */
const UNPAINTED_MS = 250

export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value)
  useEffect(() => {
    if (shown === value) return
    const follow = () => setShown(() => value)
    let timer: ReturnType<typeof setTimeout> | undefined
    // The animation frame callback runs before the frame is painted; the timeout after it runs
    // once it has been.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(follow, 0)
    })
    const unpainted = setTimeout(follow, UNPAINTED_MS)
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
      clearTimeout(unpainted)
    }
  }, [value, shown])
  return shown
}
