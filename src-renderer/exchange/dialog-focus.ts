// A modal dialog takes the keyboard when it opens (its Escape and Tab work at once, and a screen
// reader lands in it), and gives focus back to what had it (the toolbar button) when it closes.
import { useEffect, useRef } from 'react'

export function useDialogFocus<T extends HTMLElement>(): React.RefObject<T | null> {
  const ref = useRef<T>(null)
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    ref.current?.focus()
    return () => {
      if (opener?.isConnected) opener.focus()
    }
  }, [])
  return ref
}
