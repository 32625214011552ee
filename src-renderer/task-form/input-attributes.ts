// The attributes of a task form's text input by the kind of value it holds (TextField spreads
// them), kept apart from the JSX so they are tested without a DOM.

/** What a text field holds: its `type` prop. */
export type TextKind = 'text' | 'email' | 'url' | 'date'

export interface TextInputAttributes {
  type: 'text' | 'url' | 'date'
  inputMode?: 'email'
  autoComplete?: 'off'
  spellCheck?: boolean
}

export function textInputAttributes(kind: TextKind): TextInputAttributes {
  // Never type="email": Chromium hands its value back with a non-ASCII domain in punycode
  // (anna@müller.de read as anna@xn--mller-kva.de), and it checks a shape the board does not
  // ask of a member (ops@localhost). A text input with the e-mail keyboard; the form's own
  // rules (validate.ts) say what the board would refuse. No autofill or spelling marks on an
  // address: the suggestions offered are the board's members.
  if (kind === 'email')
    return { type: 'text', inputMode: 'email', autoComplete: 'off', spellCheck: false }
  return { type: kind }
}
