// The three stored forms of a description say what the client sent, nothing more. The markdown
// form of text or HTML input is read by clients as markdown and usually rendered: every `<` or
// entity the client sent as text must come back as that text, never as live HTML (an
// `<img onerror>` the client wrote as words would run in whoever renders the markdown). Each case
// is written through HTTP, read back as markdown and rendered with marked, the repo's markdown
// library, with and without GFM.
import { Marked } from 'marked'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DescriptionType } from '../../src-shared/api'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { createTasks, listTasks, newTask } from '../support/tasks'

let service: TestService
let id: string
beforeEach(async () => {
  service = await startTestService()
  await createTasks(service, newTask({ title: 'Subject' }))
  id = (await listTasks(service))[0]!.id
})
afterEach(() => service.close())

async function describeAs(type: DescriptionType, content: string): Promise<void> {
  const response = await service.call('PATCH', '/api/v1/tasks', {
    tasks: [{ id, descriptionType: type, descriptionContent: content }],
  })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
}

async function readAs(type: DescriptionType): Promise<string> {
  return (await listTasks(service, `descriptionType=${type}`))[0]!.description
}

const renderers = {
  commonmark: new Marked({ gfm: false, async: false }),
  gfm: new Marked({ gfm: true, async: false }),
}

/** Element names and attribute names found in an HTML string (tags only, not text). */
function markup(html: string): { elements: Set<string>; attributes: Set<string> } {
  const elements = new Set<string>()
  const attributes = new Set<string>()
  for (const [, name, rest] of html.matchAll(/<([A-Za-z][\w-]*)([^>]*)>/g)) {
    elements.add(name!.toLowerCase())
    for (const [, attribute] of rest!.matchAll(
      /([^\s"'=/>]+)\s*(?:=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g,
    ))
      attributes.add(attribute!.toLowerCase())
  }
  // Comments, processing instructions and declarations are markup too.
  if (/<[!?]/.test(html)) elements.add('<!…> or <?…>')
  return { elements, attributes }
}

const subset = (a: Set<string>, b: Set<string>) => [...a].filter((x) => !b.has(x))

describe('the markdown form of text input', () => {
  const hostile = [
    'use <img src=x onerror=alert(1)> and <div> tags',
    '<script>alert(1)</script>',
    '<!-- hidden --> <?php echo 1 ?> <![CDATA[x]]> <!DOCTYPE html>',
    'an autolink <javascript:alert(1)> and <foo:bar>',
    'entities &lt;img src=x onerror=alert(1)&gt; &amp; &#60;b&#62; &#x3C;i&#x3E;',
    'a & b, AT&T, 1 < 2 > 0, x<y',
    '<a href="#top" onclick="alert(1)">link</a>',
  ]

  it.each(hostile)('renders as the literal text sent: %s', async (content) => {
    await describeAs('text', content)
    const markdown = await readAs('markdown')
    for (const [name, renderer] of Object.entries(renderers)) {
      const rendered = renderer.parse(markdown) as string
      const found = markup(rendered)
      expect([...found.elements], `${name}: ${rendered}`).toEqual(['p'])
      expect([...found.attributes], `${name}: ${rendered}`).toEqual([])
      // The paragraph's text, decoded, is what was sent.
      const text = rendered
        .replace(/^<p>|<\/p>\n$/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&')
      expect(text, name).toBe(content)
    }
  })

  it('keeps the example of the audit literal', async () => {
    await describeAs('text', 'use <img src=x onerror=alert(1)> and <div> tags')
    expect(renderers.commonmark.parse(await readAs('markdown'))).toBe(
      '<p>use &lt;img src=x onerror=alert(1)&gt; and &lt;div&gt; tags</p>\n',
    )
  })

  it('starts no block the text did not have, on any line', async () => {
    await describeAs('text', 'line\n#\n1)\n1. one\n+\n- a\n> q\n===\n| a |\n| - |\n~~x~~')
    for (const [name, renderer] of Object.entries(renderers)) {
      const rendered = renderer.parse(await readAs('markdown')) as string
      expect([...markup(rendered).elements].sort(), `${name}: ${rendered}`).toEqual(['br', 'p'])
    }
  })
})

describe('the markdown form of HTML input', () => {
  const cases = [
    '<p>&lt;img src=x onerror=alert(1)&gt;</p>',
    '<p>&lt;<span>img src=x onerror=alert(1)&gt;</span></p>',
    '<p>&amp;lt;img src=x onerror=alert(1)&amp;gt; &amp;amp;</p>',
    '<p><a href="javascript:alert(1)">x</a> [y](javascript:alert(1))</p>',
    '<p><a href="http://x.test/" title="t\\&quot;)&lt;img src=x onerror=alert(1)&gt;">a</a></p>',
    '<p><a href="http://x.test/\\">a</a> and <a href="http://x.test/a b)c">b</a></p>',
    '<p><img src="http://x.test/i.png" alt="\\](javascript:alert(1)) &lt;img src=x onerror=alert(1)&gt;"></p>',
    '<p><img src="http://x.test/i.png" title="&quot;)&lt;img src=x onerror=alert(1)&gt;" alt="i"></p>',
    '<pre>plain\n# not a heading\n&lt;img src=x onerror=alert(1)&gt;</pre>',
    '<p><code>&lt;img src=x onerror=alert(1)&gt;</code></p>',
  ]

  it.each(cases)('renders no markup the sanitised input did not have: %s', async (content) => {
    await describeAs('html', content)
    const sent = markup(await readAs('html'))
    const markdown = await readAs('markdown')
    for (const [name, renderer] of Object.entries(renderers)) {
      const rendered = renderer.parse(markdown) as string
      const found = markup(rendered)
      const context = `${name}: ${markdown} -> ${rendered}`
      // Markdown has no span or pre without code: a renderer may drop them or add <code>.
      expect(subset(found.elements, new Set([...sent.elements, 'p', 'code'])), context).toEqual([])
      expect(subset(found.attributes, sent.attributes), context).toEqual([])
      expect(rendered, context).not.toMatch(/(?:href|src)\s*=\s*["']?\s*javascript:/i)
    }
  })

  it('keeps a javascript: link out of the markdown form (dropped by the sanitiser)', async () => {
    await describeAs('html', '<p><a href="javascript:alert(1)">x</a></p>')
    expect(await readAs('markdown')).toBe('x')
  })
})

describe('whitespace-only text', () => {
  it('is stored as sent in the text form; the markdown and html forms are empty', async () => {
    await describeAs('text', ' \n\t ')
    expect(await readAs('text')).toBe(' \n\t ')
    expect(await readAs('markdown')).toBe('')
    expect(await readAs('html')).toBe('')
  })

  it('in markdown is kept as sent in the markdown form', async () => {
    await describeAs('markdown', '  \n ')
    expect(await readAs('markdown')).toBe('  \n ')
    expect(await readAs('text')).toBe('')
    expect(await readAs('html')).toBe('')
  })

  it('is stored as sent on create too', async () => {
    await createTasks(service, newTask({ title: 'Blank', descriptionContent: '   ' }))
    const tasks = await listTasks(service)
    expect(tasks.find((t) => t.title === 'Blank')!.description).toBe('   ')
  })
})
