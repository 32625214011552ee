// Asks the user a question and waits for the answer (see ../slices/question-slice.ts). A new
// question while one is open answers the old one with null (cancelled): only one dialog shows.
import type { Question } from '../slices/question-slice'
import type { PlannerStore } from '../store'

export interface Answer {
  choice: string
  /** The option picked, when the question had a pick. */
  picked?: string
}

const waiting = new Map<number, (answer: Answer | null) => void>()
let nextId = 1

export function askUser(store: PlannerStore, question: Question): Promise<Answer | null> {
  const open = store.getState().question
  if (open) answerQuestion(store, open.id, null)
  const id = nextId++
  return new Promise((resolve) => {
    waiting.set(id, resolve)
    store.getState().setQuestion({ ...question, id })
  })
}

/** The dialog's answer (null: dismissed). Ignored when that question is no longer open. */
export function answerQuestion(store: PlannerStore, id: number, answer: Answer | null): void {
  const resolve = waiting.get(id)
  waiting.delete(id)
  if (store.getState().question?.id === id) store.getState().setQuestion(null)
  resolve?.(answer)
}
