// The task forms' text inputs by kind. There is no DOM harness for the form components (the
// tests run in node and compile without JSX), so this checks the attributes TextField spreads
// onto its <input>; the e2e tests drive the real fields.
import { describe, expect, it } from 'vitest'
import { textInputAttributes } from '../../../src-renderer/task-form/input-attributes'

describe('text input attributes', () => {
  it('an e-mail field is a text input with the e-mail keyboard, so a domain comes back as typed', () => {
    // type="email" in Chromium hands back a non-ASCII domain as punycode: anna@müller.de was
    // read as anna@xn--mller-kva.de, and the board refused it or stored what the user never typed.
    expect(textInputAttributes('email')).toEqual({
      type: 'text',
      inputMode: 'email',
      autoComplete: 'off',
      spellCheck: false,
    })
  })

  it('the other kinds keep their own type', () => {
    expect(textInputAttributes('text')).toEqual({ type: 'text' })
    expect(textInputAttributes('url')).toEqual({ type: 'url' })
    expect(textInputAttributes('date')).toEqual({ type: 'date' })
  })
})
