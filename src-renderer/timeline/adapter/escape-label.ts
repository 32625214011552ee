// frappe-gantt writes a task's name into the SVG with innerHTML, so every label from the board
// goes through here first: the markup parser then turns the entities back into the same text,
// shown literally. `<img src=x onerror=...>` becomes text, never an element.
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeLabel(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)
}
