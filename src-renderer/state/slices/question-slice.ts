// A question to the user that an action waits on (undo after a change elsewhere, which status a
// created task moves to): at most one at a time, answered through the Question dialog. The
// waiting action holds a promise; ../actions/ask-user.ts keeps its resolver out of the store
// (functions are not state).
import type { SliceCreator } from '../store'

export interface QuestionChoice {
  value: string
  /** The button's text (its accessible name). */
  label: string
}

export interface Question {
  title: string
  message: string
  /** Lines listed under the message (one per task concerned). */
  details?: readonly string[]
  /** A pick the answer carries (a status): a labelled list of options. */
  pick?: { label: string; options: readonly string[]; initial: string }
  /** Buttons, the first being the default. The last one is what Esc answers. */
  choices: readonly QuestionChoice[]
}

export interface QuestionSlice {
  question: (Question & { id: number }) | null
  setQuestion(question: (Question & { id: number }) | null): void
}

export const createQuestionSlice: SliceCreator<QuestionSlice> = (set) => ({
  question: null,
  setQuestion: (question) => set({ question }),
})
