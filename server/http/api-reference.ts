import { HTTP_METHODS } from './openapi-document';

/**
 * The readable API reference at /api/docs: plain HTML rendered from the contract itself, so it cannot drift from
 * it and needs no script, no CDN and nothing the strict CSP would have to allow beyond one nonce'd style block.
 */
type Node = Record<string, unknown>;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The document's descriptions are short Markdown: paragraphs and `code` are all they use. */
function prose(text: unknown): string {
  if (typeof text !== 'string' || text.trim() === '') return '';
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');
}

const refName = (ref: string) => ref.split('/').pop() ?? ref;
const anchor = (kind: string, name: string) => `${kind}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

function typeOf(schema: Node | undefined): string {
  if (!schema) return 'any';
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref);
    return schema.$ref.includes('/schemas/') ? `<a href="#${anchor('schema', name)}">${escapeHtml(name)}</a>` : escapeHtml(name);
  }
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => `<code>${escapeHtml(String(v))}</code>`).join(', ')}`;
  if (schema.type === 'array') return `array of ${typeOf(schema.items as Node | undefined)}`;
  for (const combinator of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = schema[combinator];
    if (Array.isArray(list)) return list.map((s) => typeOf(s as Node)).join(combinator === 'allOf' ? ' and ' : ' or ');
  }
  const base = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any');
  return escapeHtml(schema.format ? `${base} (${String(schema.format)})` : base);
}

function resolveParameter(doc: Node, parameter: Node): Node {
  if (typeof parameter.$ref !== 'string') return parameter;
  const name = refName(parameter.$ref);
  return ((doc.components as Node | undefined)?.parameters as Record<string, Node> | undefined)?.[name] ?? parameter;
}

function contentTypes(content: unknown): string {
  if (!content || typeof content !== 'object') return '';
  return Object.entries(content as Record<string, Node>)
    .map(([type, media]) => `<code>${escapeHtml(type)}</code> ${typeOf(media.schema as Node | undefined)}`)
    .join('<br>');
}

function responseRow(doc: Node, status: string, response: Node): string {
  let resolved = response;
  if (typeof response.$ref === 'string') {
    resolved = ((doc.components as Node | undefined)?.responses as Record<string, Node> | undefined)?.[refName(response.$ref)] ?? response;
  }
  return `<tr><td><code>${escapeHtml(status)}</code></td><td>${prose(resolved.description)}</td><td>${contentTypes(resolved.content)}</td></tr>`;
}

function operationSection(doc: Node, method: string, path: string, op: Node): string {
  const id = String(op.operationId ?? `${method} ${path}`);
  const parameters = ((op.parameters as Node[] | undefined) ?? []).map((p) => resolveParameter(doc, p));
  const security = (op.security ?? doc.security) as unknown[] | undefined;
  const open = !security || security.length === 0 || security.some((s) => Object.keys(s as object).length === 0);
  const badges = [
    open ? 'no sign-in' : 'signed in',
    ...(op['x-money-moving'] === true ? ['money-moving: Idempotency-Key required'] : []),
    ...(op['x-dev-only'] === true ? ['outside production only'] : []),
  ];
  const body = op.requestBody as Node | undefined;
  return `<section id="${anchor('op', id)}" class="op">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>/api${escapeHtml(path)}</code></h3>
<p class="summary">${escapeHtml(String(op.summary ?? ''))} <span class="id">${escapeHtml(id)}</span></p>
<p class="badges">${badges.map((b) => `<span>${escapeHtml(b)}</span>`).join(' ')}</p>
${prose(op.description)}
${
  parameters.length
    ? `<table><caption>Parameters</caption><thead><tr><th>name</th><th>in</th><th>type</th><th>description</th></tr></thead><tbody>${parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(String(p.name))}</code>${p.required ? ' <em>required</em>' : ''}</td><td>${escapeHtml(String(p.in))}</td><td>${typeOf(
              p.schema as Node | undefined,
            )}</td><td>${prose(p.description)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
}
${body ? `<p><strong>Body</strong>${body.required ? ' (required)' : ''}: ${contentTypes(body.content)}</p>` : ''}
<table><caption>Responses</caption><thead><tr><th>status</th><th>meaning</th><th>content</th></tr></thead><tbody>${Object.entries(
    (op.responses as Record<string, Node> | undefined) ?? {},
  )
    .map(([status, response]) => responseRow(doc, status, response))
    .join('')}</tbody></table>
</section>`;
}

function schemaSection(name: string, schema: Node): string {
  const properties = Object.entries((schema.properties as Record<string, Node> | undefined) ?? {});
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return `<section id="${anchor('schema', name)}" class="schema">
<h3>${escapeHtml(name)}</h3>
${prose(schema.description)}
${
  properties.length
    ? `<table><thead><tr><th>field</th><th>type</th><th>description</th></tr></thead><tbody>${properties
        .map(
          ([field, s]) =>
            `<tr><td><code>${escapeHtml(field)}</code>${required.has(field) ? ' <em>required</em>' : ''}</td><td>${typeOf(s)}</td><td>${prose(s.description)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : `<p>${typeOf(schema)}</p>`
}
</section>`;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}
header,main{max-width:960px;margin:0 auto;padding:0 16px}nav ul{columns:2}
code{font:14px ui-monospace,monospace;background:#f2f2f4;padding:1px 4px;border-radius:3px}
.op,.schema{border-top:1px solid #ddd;padding:8px 0}.method{font:700 14px ui-monospace,monospace;padding:2px 6px;border-radius:3px;color:#fff;background:#3d4f8f}
.method.post{background:#1d6b3a}.method.delete{background:#8f2d2d}.id{color:#595959;font-size:14px}
.badges span{display:inline-block;font-size:13px;border:1px solid #999;border-radius:10px;padding:0 8px;margin-right:4px}
table{border-collapse:collapse;width:100%;margin:8px 0}th,td{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
caption{text-align:left;font-weight:600}td p{margin:0}a{color:#1d4fa0}`;

/** The whole page; `nonce` is the one the response's CSP allows for its style block. */
export function renderApiReference(doc: Node, nonce: string): string {
  const info = (doc.info as Node | undefined) ?? {};
  const tags = ((doc.tags as Node[] | undefined) ?? []).map((t) => String(t.name));
  const operations: { method: string; path: string; op: Node; tag: string }[] = [];
  for (const [path, item] of Object.entries((doc.paths as Record<string, Node> | undefined) ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item[method] as Node | undefined;
      if (op) operations.push({ method, path, op, tag: String((op.tags as string[] | undefined)?.[0] ?? 'other') });
    }
  }
  const groups = [...new Set([...tags, ...operations.map((o) => o.tag)])].filter((t) => operations.some((o) => o.tag === t));
  const schemas = Object.entries(((doc.components as Node | undefined)?.schemas as Record<string, Node> | undefined) ?? {});
  const title = `${String(info.title ?? 'API')} ${String(info.version ?? '')}`.trim();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} reference</title><style nonce="${nonce}">${STYLE}</style></head>
<body><header><h1>${escapeHtml(title)}</h1>${prose(info.description)}
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p></header>
<main><nav aria-label="Operations"><h2>Operations</h2><ul>${operations
    .map((o) => `<li><a href="#${anchor('op', String(o.op.operationId))}">${o.method.toUpperCase()} /api${escapeHtml(o.path)}</a></li>`)
    .join('')}</ul></nav>
${groups
  .map((tag) => {
    const description = ((doc.tags as Node[] | undefined) ?? []).find((t) => t.name === tag)?.description;
    return `<section id="${anchor('tag', tag)}"><h2>${escapeHtml(tag)}</h2>${prose(description)}${operations
      .filter((o) => o.tag === tag)
      .map((o) => operationSection(doc, o.method, o.path, o.op))
      .join('\n')}</section>`;
  })
  .join('\n')}
<section id="schemas"><h2>Schemas</h2>${schemas.map(([name, schema]) => schemaSection(name, schema)).join('\n')}</section>
</main></body></html>`;
}

/** Only a style block with this nonce; no script, image, font or connection of any kind. */
export const apiReferencePolicy = (nonce: string) =>
  `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
