// The keys of undo and redo: Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y, ⌘ instead of Ctrl on macOS.
// Inside a text field they stay the field's own (undo typing), not the board's.

export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(target.type)
  )
}

/** 'undo', 'redo' or undefined for a key press. */
export function historyKey(event: KeyboardEvent, mac = isMac): 'undo' | 'redo' | undefined {
  const command = mac ? event.metaKey : event.ctrlKey
  if (!command || event.altKey) return undefined
  const key = event.key.toLowerCase()
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo'
  if (key === 'y' && !event.shiftKey) return 'redo'
  return undefined
}
