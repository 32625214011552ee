// The current local time (local-now.ts) for what a render draws against "now" (overdue marks,
// the today line): held in state and moved on at each quarter hour, so renders stay pure
// (react-hooks/purity), a planner left open overnight still marks what became overdue, and the
// date changes at local midnight in zones a half or three quarters of an hour off UTC too.
import { useEffect, useState } from 'react'
import { wallClockMs } from './local-now'

const QUARTER_HOUR_MS = 900_000

export function useLocalNow(): number {
  const [now, setNow] = useState(() => wallClockMs())
  useEffect(() => {
    const wait = QUARTER_HOUR_MS - (now % QUARTER_HOUR_MS)
    const timer = setTimeout(() => setNow(wallClockMs()), wait)
    return () => clearTimeout(timer)
  }, [now])
  return now
}
