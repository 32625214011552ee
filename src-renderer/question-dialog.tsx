// The one question an action is waiting on (undo after a change elsewhere, the status a created
// task moves to): a modal alert dialog named by its title. Esc answers with the last choice
// (Cancel); the first choice has the focus.
import { useEffect, useRef, useState } from 'react'
import { answerQuestion, usePlanner, usePlannerStore } from './state'
import { keepFocusOnBackdrop, keepTabInside } from './focus/modal-tab'
import { useReturnFocus } from './focus/return-focus'

export function QuestionDialog(): React.JSX.Element | null {
  const store = usePlannerStore()
  const question = usePlanner((s) => s.question)
  // The pick starts from the question's initial value, again for each new question (state
  // adjusted during render, not set in an effect after it).
  const [picked, setPicked] = useState('')
  const [pickedFor, setPickedFor] = useState<typeof question>(null)
  if (question !== pickedFor) {
    setPickedFor(question)
    setPicked(question?.pick?.initial ?? '')
  }
  const first = useRef<HTMLButtonElement>(null)
  const dialog = useRef<HTMLDivElement>(null)
  useReturnFocus(dialog, question !== null)

  useEffect(() => {
    first.current?.focus()
  }, [question])

  if (!question) return null
  const answer = (choice: string | null) =>
    answerQuestion(store, question.id, choice === null ? null : { choice, picked })
  const last = question.choices.at(-1)?.value ?? null
  return (
    <div className="question-backdrop" onMouseDown={keepFocusOnBackdrop}>
      <div
        ref={dialog}
        className="question-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-label={question.title}
        aria-describedby="question-message"
        onKeyDown={(event) => {
          keepTabInside(event)
          if (event.key === 'Escape') {
            event.stopPropagation()
            answer(last)
          }
        }}
      >
        <h2>{question.title}</h2>
        <p id="question-message">{question.message}</p>
        {question.details && question.details.length > 0 && (
          <ul className="question-details">
            {question.details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {question.pick && (
          <label className="question-pick">
            {question.pick.label}{' '}
            <select
              aria-label={question.pick.label}
              value={picked}
              onChange={(event) => setPicked(event.target.value)}
            >
              {question.pick.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="question-choices">
          {question.choices.map((choice, i) => (
            <button
              key={choice.value}
              ref={i === 0 ? first : undefined}
              type="button"
              onClick={() => answer(choice.value)}
            >
              {choice.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  )
}
