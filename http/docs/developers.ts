import { createHash } from 'node:crypto'
import { escapeUTF8 as escapeHTML } from 'entities'
import { Marked, type Tokens } from 'marked'
import { SANDBOX_LOOKUP_CODE, SANDBOX_STORES } from '../../fixtures/sandbox/stores.js'
import { SANDBOX_PATHS, SANDBOX_PRODUCT_KEYWORDS, DOC_PATHS, REST_PATHS } from '../contract.js'
import { PACKAGE_NAME, httpSetups, localIntro, stdioSetups, type HostSetup } from './hosts.js'
import { SERVICE_TITLE, slug } from './markdown.js'
import type { DocModel } from './model.js'

/*
 * The /developers page: the developer guide's Markdown rendered to HTML, readable without JavaScript,
 * plus a try-it form against the sandbox that works as a plain form and is enhanced by a small script.
 * The page's one style and one script are inline and allowed by hash in the CSP, so nothing else can run.
 */

const STYLE = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #fff; --muted: #57606a; --line: #d0d7de; --code: #f6f8fa; --accent: #0969da; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #8d96a0; --line: #30363d; --code: #161b22; --accent: #4493f8; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", "Noto Sans KR", "Apple SD Gothic Neo", sans-serif; color: var(--fg); background: var(--bg); }
header, main, footer { max-width: 60rem; margin: 0 auto; padding: 0 1rem; }
header { border-bottom: 1px solid var(--line); padding-top: .75rem; padding-bottom: .75rem; }
header nav { display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
header nav a { white-space: nowrap; }
p, li, td, summary { overflow-wrap: break-word; word-break: keep-all; }
.lead { font-size: 1.1rem; }
.start { border: 1px solid var(--line); border-radius: 8px; padding: 0 1rem .5rem; margin: 1rem 0; }
.start h2 { border: 0; margin-top: 1rem; }
details { margin: .5rem 0; }
details.operation { margin: 0; border-top: 1px solid var(--line); padding: .35rem 0; }
details.operation > summary > h3 { display: inline; font-size: 1.05rem; margin: 0; }
summary { cursor: pointer; font-weight: 600; }
details pre { margin-top: .5rem; }
@media (max-width: 480px) { h1 { font-size: 1.45rem; } .start { padding: 0 .6rem .4rem; } pre { padding: .6rem; font-size: .85rem; } }
a { color: var(--accent); }
h1 { font-size: 1.8rem; margin-top: 1.5rem; }
h2 { border-bottom: 1px solid var(--line); padding-bottom: .25rem; margin-top: 2.5rem; }
h3 { margin-top: 2rem; }
code { font: .9em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code); padding: .1em .3em; border-radius: 4px; }
pre { background: var(--code); padding: .75rem 1rem; overflow-x: auto; border-radius: 6px; border: 1px solid var(--line); }
pre code { background: none; padding: 0; }
table { border-collapse: collapse; display: block; overflow-x: auto; margin: 1rem 0; }
th, td { border: 1px solid var(--line); padding: .35rem .6rem; text-align: left; vertical-align: top; }
th { background: var(--code); }
form { display: flex; flex-wrap: wrap; gap: .75rem; align-items: end; margin: 1rem 0; }
label { display: flex; flex-direction: column; font-size: .9rem; color: var(--muted); }
input, select, button { font: inherit; padding: .35rem .6rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
button { cursor: pointer; background: var(--accent); color: #fff; border-color: var(--accent); }
#try-it-result { min-height: 2rem; }
.error { border-left: 4px solid #cf222e; padding-left: .75rem; }
footer { color: var(--muted); border-top: 1px solid var(--line); margin-top: 3rem; padding-top: 1rem; padding-bottom: 2rem; font-size: .9rem; }
`

/** Progressive enhancement of the try-it form: show the sandbox answer as a table on the page. */
const SCRIPT = `
(function () {
  var form = document.getElementById('try-it-form');
  var out = document.getElementById('try-it-result');
  if (!form || !out || !window.fetch) return;
  function el(tag, text) { var e = document.createElement(tag); if (text !== undefined) e.textContent = String(text); return e; }
  function products(body) {
    var wrap = el('div');
    if (!body.products || body.products.length === 0) { wrap.appendChild(el('p', 'No fixture product matches this keyword.')); return wrap; }
    var table = el('table'); table.className = 'results';
    var head = el('tr');
    ['id', 'name', 'price (KRW)', 'stock', 'floor (floorLabel)', 'zone (zoneNo)'].forEach(function (h) { head.appendChild(el('th', h)); });
    table.appendChild(head);
    body.products.forEach(function (p) {
      var row = el('tr');
      // The floor as the store signs it (1F, B1), not the raw stairNo (1, -1) a shopper would misread.
      var floor = p.floorLabel != null ? p.floorLabel : p.stairNo;
      [p.id, p.name, p.price, p.stock, floor, p.zoneNo].forEach(function (v) { row.appendChild(el('td', v)); });
      table.appendChild(row);
    });
    wrap.appendChild(table);
    wrap.appendChild(el('p', body.hasMore ? 'hasMore: true, nextPage: ' + body.nextPage : 'hasMore: false (no more pages)'));
    return wrap;
  }
  function failure(body, status) {
    var wrap = el('div'); wrap.className = 'error';
    wrap.appendChild(el('p', status + ' ' + (body.code || 'error') + ': ' + (body.message || '')));
    if (body.hint) wrap.appendChild(el('p', 'Hint: ' + body.hint));
    return wrap;
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var params = new URLSearchParams(new FormData(form));
    var url = form.getAttribute('action') + '?' + params.toString();
    out.textContent = 'Loading ' + url + ' …';
    fetch(url, { headers: { accept: 'application/json' } })
      .then(function (res) { return res.json().then(function (body) { return { res: res, body: body }; }); })
      .then(function (r) {
        out.replaceChildren(el('p', 'GET ' + url), r.res.ok ? products(r.body) : failure(r.body, r.res.status));
      })
      .catch(function (error) { out.textContent = 'The request failed: ' + error.message; });
  });
})();
`

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64')

/** The page's Content-Security-Policy: only the hashed inline style and script; fetches to this origin only. */
export const DEVELOPERS_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${sha256(SCRIPT)}'`,
  `style-src 'sha256-${sha256(STYLE)}'`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

function renderer(): Marked {
  const seen = new Map<string, number>()
  const marked = new Marked({ gfm: true })
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Heading['tokens']): string } }, token: Tokens.Heading) {
        const base = slug(token.text)
        const count = seen.get(base) ?? 0
        seen.set(base, count + 1)
        const id = count === 0 ? base : `${base}-${count}`
        return `<h${token.depth} id="${escapeHTML(id)}">${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`
      },
      // The guide is generated from code; raw HTML in it would be a bug, so it is shown, never interpreted.
      html(token: Tokens.HTML | Tokens.Tag) {
        return escapeHTML(token.text)
      },
    },
  })
  return marked
}

const codeBlock = (text: string) => `<pre><code>${escapeHTML(text)}</code></pre>`

function setupBlock(s: HostSetup, open = false): string {
  return `<details${open ? ' open' : ''}><summary>${escapeHTML(s.host)}</summary><p>In ${escapeHTML(s.where)}:</p>${codeBlock(s.snippet)}</details>`
}

/** Inline Markdown (code spans) of the shared set-up sentences, as HTML. */
const inline = (markdown: string) => new Marked().parseInline(markdown, { async: false })

/**
 * Each operation of the reference ("… endpoints" sections) folded into a <details> whose summary is its
 * heading: the page lists them all at a glance and opens one on a click, or on a link to its anchor
 * (browsers open a <details> that a fragment points into).
 */
function foldOperations(html: string): string {
  let section = ''
  return html
    .split(/(?=<h[23] id=")/)
    .map((chunk) => {
      const heading = /^<h([23]) id="([^"]*)">/.exec(chunk)
      if (heading?.[1] === '2') section = heading[2] ?? ''
      if (heading?.[1] !== '3' || !section.endsWith('-endpoints')) return chunk
      const end = chunk.indexOf('</h3>') + '</h3>'.length
      return `<details class="operation"><summary>${chunk.slice(0, end)}</summary>\n${chunk.slice(end)}</details>\n`
    })
    .join('')
}

/**
 * The top of the page, for a person who just arrived: what this is, how to connect an MCP host (the
 * reason most people come), and a form to try it. The full reference follows.
 */
function startHere(model: DocModel): string {
  const [desktop, ...otherLocal] = stdioSetups()
  const intro = localIntro()
  return `<h1 id="store-finder">Store Finder: 다이소 (Daiso) stores and what is in stock</h1>
<p class="lead">Find the stores of 다이소 (Daiso), the Korean variety-store chain, and what a store has in stock, with price, floor and zone, and which nearby stores have a product. For AI assistants over MCP, for people on the command line, and for programs as a REST API. Anonymous and free: no key, no sign-up.</p>
<section class="start" aria-labelledby="connect">
<h2 id="connect">Connect an MCP host</h2>
<p>Local (stdio), started by the host itself with Node.js 20 or later. ${inline(intro.today)}</p>
<p>${inline(intro.bundle)} Or add to <code>claude_desktop_config.json</code>:</p>
${codeBlock(desktop!.snippet)}
${otherLocal.map((s) => setupBlock(s)).join('\n')}
<p>${inline(intro.published)}</p>
<details><summary>Remote (HTTP) at ${escapeHTML(model.mcpEndpoint)}</summary>
${httpSetups(model.mcpEndpoint)
  .map((s) => `<p><strong>${escapeHTML(s.host)}</strong>, in ${escapeHTML(s.where)}:</p>${codeBlock(s.snippet)}`)
  .join('\n')}
</details>
<p>Tools: ${model.tools.map((t) => `<code>${escapeHTML(t.name)}</code>`).join(', ')}. More in <a href="#model-context-protocol-mcp">MCP</a>.</p>
</section>
${tryItForm()}
<h2 id="reference">Reference</h2>`
}

function tryItForm(): string {
  const options = SANDBOX_STORES.map(
    (s) =>
      `<option value="${escapeHTML(s.code)}"${s.code === SANDBOX_LOOKUP_CODE ? ' selected' : ''}>${escapeHTML(`${s.code} ${s.name}`)}</option>`,
  ).join('')
  return `<section class="start" aria-labelledby="try-it">
<h2 id="try-it">Try it</h2>
<p>On the command line, in a checkout after <code>npm install</code>: <code>node bin/run.js stores 강남</code>, then <code>… products 11199 수납</code> (add <code>--simulated</code> to try it offline; once the package is published, <code>npx -y ${escapeHTML(PACKAGE_NAME)} stores 강남</code>). Here, against the sandbox's fixture products (it never contacts the chain's service); keywords that match: ${SANDBOX_PRODUCT_KEYWORDS.map((k) => `<code>${escapeHTML(k)}</code>`).join(', ')}.</p>
<form id="try-it-form" method="get" action="${escapeHTML(SANDBOX_PATHS.products)}">
<label>Store (branchCode)<select name="branchCode">${options}</select></label>
<label>Product keyword<input name="keyword" value="${escapeHTML(SANDBOX_PRODUCT_KEYWORDS[0] ?? '')}" required maxlength="100"></label>
<button type="submit">Search the sandbox</button>
</form>
<div id="try-it-result" aria-live="polite"></div>
</section>`
}

/** The full HTML page for one base URL. */
export function developersHtml(model: DocModel, guideMarkdown: string): string {
  // The page has its own title and introduction; the guide's H1 would repeat it above the reference.
  const body = foldOperations(renderer().parse(guideMarkdown.replace(/^# .*\n/, ''), { async: false }))
  const link = (path: string, text: string) => `<a href="${escapeHTML(`${model.base}${path}`)}">${escapeHTML(text)}</a>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHTML(SERVICE_TITLE)}: developer guide</title>
<meta name="description" content="Developer guide: store search, in-store product stock with floor and zone, NDJSON streaming, sandbox, errors and MCP.">
<link rel="icon" href="data:,">
<link rel="service-desc" type="application/vnd.oai.openapi+json" href="${escapeHTML(`${model.base}${DOC_PATHS.openapiJson}`)}">
<link rel="alternate" type="text/markdown" href="${escapeHTML(`${model.base}${DOC_PATHS.developers}`)}">
<style>${STYLE}</style>
</head>
<body>
<header><nav aria-label="Documents">${link(`${DOC_PATHS.developers}#connect`, 'Connect')}${link(`${DOC_PATHS.developers}#try-it`, 'Try it')}${link(`${DOC_PATHS.developers}#quick-start`, 'Quick start')}${link(`${DOC_PATHS.developers}#endpoints`, 'Endpoints')}${link(`${DOC_PATHS.developers}#errors`, 'Errors')}${link(`${DOC_PATHS.developers}#model-context-protocol-mcp`, 'MCP')}${link(DOC_PATHS.openapiJson, 'OpenAPI')}</nav></header>
<main>
${startHere(model)}
${body}
</main>
<footer>${link(REST_PATHS.index, 'API index')} · ${link(DOC_PATHS.markdown, 'Markdown overview')} · ${link(DOC_PATHS.agentInstructions, 'Agent instructions')} · ${link(DOC_PATHS.auth, 'Authentication')} · This page is also available as Markdown: send <code>Accept: text/markdown</code>.</footer>
<script>${SCRIPT}</script>
</body>
</html>
`
}
