// The current time for what a render draws against "now" (overdue marks, the today line): held
// in state and moved on at each full hour, so renders stay pure (react-hooks/purity) and a
// planner left open overnight still marks what became overdue.
import { useEffect, useState } from 'react'

const HOUR_MS = 3_600_000

export function useHourlyNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const wait = HOUR_MS - (now % HOUR_MS)
    const timer = setTimeout(() => setNow(Date.now()), wait)
    return () => clearTimeout(timer)
  }, [now])
  return now
}
