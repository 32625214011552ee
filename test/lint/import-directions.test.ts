// The house's arrows (shared/DESIGN.md) are enforced by lint; this checks the rules still bite.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname })

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message)
}

describe('import directions', () => {
  it.each([
    [
      'src-shared/probe.ts',
      "import { readFileSync } from 'node:fs'\nexport const x = readFileSync",
    ],
    ['src-shared/probe.ts', "import { app } from 'electron'\nexport const x = app"],
    ['src-shared/probe.ts', "import React from 'react'\nexport const x = React"],
    [
      'src-shared/probe.ts',
      "import { createApp } from '../src-server/http/create-app'\nexport const x = createApp",
    ],
    ['src-renderer/probe.ts', "import { app } from 'electron'\nexport const x = app"],
    ['src-renderer/app-probe.ts', "import Gantt from 'frappe-gantt'\nexport const x = Gantt"],
    ['src-renderer/probe.ts', "import { join } from 'node:path'\nexport const x = join"],
    [
      'src-renderer/probe.ts',
      "import { createApp } from '../src-server/http/create-app'\nexport const x = createApp",
    ],
    ['src-server/probe.ts', "import { App } from '../src-renderer/app'\nexport const x = App"],
    ['src-server/probe.ts', "import { app } from 'electron'\nexport const x = app"],
    [
      'src-main/local-board/probe.ts',
      "import { listen } from '../../src-server/cli/serve'\nexport const x = listen",
    ],
    [
      'src-main/probe.ts',
      "import { createApp } from '../src-server/http/create-app'\nexport const x = createApp",
    ],
    [
      'src-main/probe.ts',
      "import demo from '../src-server/demo/demo-board.json'\nexport const x = demo",
    ],
    ['src-main/probe.ts', "import { App } from '../src-renderer/app'\nexport const x = App"],
    [
      'src-main/probe.ts',
      "import { TILE } from '../scripts/icons/icon-set'\nexport const x = TILE",
    ],
    [
      'src-renderer/probe.ts',
      "import { TILE } from '../scripts/icons/icon-set'\nexport const x = TILE",
    ],
  ])('%s may not import: %s', async (file, code) => {
    expect(await restricted(file, code)).toHaveLength(1)
  })

  it.each([
    ['src-renderer/probe.ts', "import { Task } from '../src-shared/api'\nexport const x = Task"],
    [
      'src-renderer/timeline/adapter/probe.ts',
      "import Gantt from 'frappe-gantt'\nexport const x = Gantt",
    ],
    [
      'src-server/probe.ts',
      "import { readFileSync } from 'node:fs'\nexport const x = readFileSync",
    ],
    [
      'src-main/local-board/probe.ts',
      "import { startEmbeddedBoard } from '../../src-server'\nexport const x = startEmbeddedBoard",
    ],
    [
      'src-main/probe.ts',
      "import type { ListOrder } from '../src-server/index'\nexport type X = ListOrder",
    ],
    [
      'scripts/packaging/probe.ts',
      "import { Arch } from 'electron-builder'\nexport const x = Arch",
    ],
  ])('%s may import: %s', async (file, code) => {
    expect(await restricted(file, code)).toEqual([])
  })
})
