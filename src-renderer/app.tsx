// Placeholder window content until the timeline (issue C) lands.
export function App(): React.JSX.Element {
  return (
    <main>
      <h1>Taskboard Planner</h1>
      <p>The timeline arrives with the next issues.</p>
    </main>
  )
}
