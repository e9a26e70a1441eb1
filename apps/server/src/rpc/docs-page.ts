// GET /docs: the developers' page (issue 27), rendered on the server from the same catalogue as the OpenRPC
// document — every method a seller's API token may call with its params, result, scope, rate class and a curl
// example, then the scopes, the limits and the error codes. No sign-in: it documents, it reveals no data.
import {
  ACCESS_AREA_LABELS,
  ACCESS_LEVEL_NAMES,
  API_RATE_LIMITS,
  API_RATE_WINDOW_SEC,
  API_SCOPE_AREAS,
  API_TOKEN_LIMITS,
  API_TOKEN_PREFIX,
  ERRORS,
  HTTP_STATUS_BY_CODE,
  WEBHOOK_SIGNATURE_HEADER,
  METHODS,
  accessNeeded,
  rateClassOf,
  type MethodDef,
} from '@moda/contracts';
import { z } from 'zod';
import { webhookEvents } from './openrpc';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A sample value for a JSON schema: what a curl example sends. */
function sample(schema: Record<string, unknown>, depth = 0): unknown {
  if (depth > 4) return null;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const any = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (any?.length) return sample(any[0]!, depth + 1);
  switch (schema.type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      return Object.fromEntries(
        Object.entries(props)
          .filter(([k]) => required.has(k))
          .map(([k, v]) => [k, k === 'partnerId' ? 10001 : sample(v, depth + 1)]),
      );
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'string':
      return schema.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'string';
    default:
      return null;
  }
}

function methodSection(def: MethodDef, origin: string): string {
  const need = accessNeeded(def)!;
  const params = z.toJSONSchema(def.params, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  const result = z.toJSONSchema(def.result, { io: 'output', unrepresentable: 'any' });
  const path = def.name.replace(/^(v\d+)\./, '$1/');
  const body = JSON.stringify(sample(params));
  const curl = `curl -sS -X POST '${origin}/${path}' \\\n  -H 'Authorization: Bearer ${API_TOKEN_PREFIX}…' \\\n  -H 'Content-Type: application/json' \\\n  -d '${body}'`;
  return `<section class="method" id="${esc(def.name)}">
<h3><code>${esc(def.name)}</code></h3>
<p>${esc(def.description)}</p>
<p class="meta">Scope: <code>${need.area}:${need.level}</code> (${esc(ACCESS_AREA_LABELS[need.area])} — ${esc(ACCESS_LEVEL_NAMES[need.level])}) · rate class: <code>${rateClassOf(def)}</code>${def.mutates ? ' · changes data (audited)' : ''}</p>
<pre class="curl">${esc(curl)}</pre>
<details><summary>Params</summary><pre>${esc(JSON.stringify(params, null, 2))}</pre></details>
<details><summary>Result</summary><pre>${esc(JSON.stringify(result, null, 2))}</pre></details>
</section>`;
}

export function renderDocsPage(origin: string): string {
  const defs = Object.values<MethodDef>(METHODS).filter((d) => {
    const need = accessNeeded(d);
    return (
      Array.isArray(d.roles) &&
      d.roles.includes('partner_user') &&
      need !== null &&
      (API_SCOPE_AREAS as readonly string[]).includes(need.area)
    );
  });
  const byArea = API_SCOPE_AREAS.map((area) => ({
    area,
    defs: defs.filter((d) => accessNeeded(d)!.area === area).sort((a, b) => a.name.localeCompare(b.name)),
  }));
  const limits = (Object.entries(API_RATE_LIMITS) as [string, { perMinute: number }][])
    .map(([cls, l]) => `<tr><td><code>${cls}</code></td><td>${l.perMinute}</td></tr>`)
    .join('');
  const errors = Object.entries(ERRORS)
    .map(
      ([key, e]) =>
        `<tr><td><code>${e.code}</code></td><td>${HTTP_STATUS_BY_CODE[e.code] ?? 500}</td><td><code>${esc(key)}</code></td><td>${esc(e.message)}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Moda Seller API</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f1f1f}
header{background:#F93C00;color:#fff;padding:16px 32px}header a{color:#fff}
main{display:grid;grid-template-columns:260px 1fr;gap:32px;padding:24px 32px;max-width:1400px}
nav{position:sticky;top:16px;align-self:start;max-height:calc(100vh - 32px);overflow:auto;font-size:13px}
nav a{display:block;color:#1f1f1f;text-decoration:none;padding:1px 0}nav a:hover{color:#F93C00}
pre{background:#f5f5f5;padding:12px;overflow:auto;border-radius:6px;font-size:12px}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;padding:4px 8px;text-align:left;vertical-align:top}
.method{border-top:1px solid #eee;padding-top:8px}.meta{color:#666;font-size:13px}
main>div{min-width:0}p code{overflow-wrap:anywhere}
</style></head><body>
<header><h1>Moda Seller API</h1><p>For sellers' programs: ERP, warehouse software, integrators. <a href="/jsonrpc/openrpc.json" download="openrpc.json">Download the OpenRPC document</a></p></header>
<main><nav><a href="#start">Getting started</a><a href="#scopes">Scopes</a><a href="#limits">Rate limits</a><a href="#errors">Errors</a><a href="#webhooks">Webhook events</a>
${byArea.map((g) => `<strong>${esc(ACCESS_AREA_LABELS[g.area])}</strong>${g.defs.map((d) => `<a href="#${esc(d.name)}">${esc(d.name)}</a>`).join('')}`).join('')}
</nav><div>
<section id="start"><h2>Getting started</h2>
<p>Issue a token in the seller's cabinet: <a href="/profile/api">Profile → API</a>. A token acts for one partner, within the scopes chosen for it, for at most ${API_TOKEN_LIMITS.maxDays} days, optionally only from given IP ranges; a partner has at most ${API_TOKEN_LIMITS.activePerPartner} active tokens. The secret (<code>${API_TOKEN_PREFIX}…</code>) is shown once; send it as <code>Authorization: Bearer &lt;token&gt;</code>.</p>
<p>Every method is callable two ways: the gateway <code>POST /v1/{area}.{action}</code> (body = params, answer = result, errors as HTTP status with <code>{"error": {code, message, data}}</code>), or JSON-RPC 2.0 at <code>POST /jsonrpc</code> (batches allowed).</p>
<pre>${esc(`curl -sS -X POST '${origin}/jsonrpc' \\\n  -H 'Authorization: Bearer ${API_TOKEN_PREFIX}…' -H 'Content-Type: application/json' \\\n  -d '{"jsonrpc":"2.0","id":1,"method":"v1.questions.list","params":{"partnerId":10001}}'`)}</pre>
<p>A typed TypeScript client is in the workspace: <code>@moda/client</code> (<code>createClient({ baseUrl, token }).call('v1.orders.list', params)</code>, 429 retried after <code>Retry-After</code>, <code>verifySignature</code> for webhooks; see <code>docs/api.md</code> and <code>docs/examples/sync-orders.ts</code>). Errors name their reason in <code>data.reason</code>; field errors are in <code>data.errors[]</code> as <code>{field, message}</code>.</p></section>
<section id="scopes"><h2>Scopes</h2><p>Each area is given for reading (<code>read</code>) or reading and writing (<code>write</code>). A call outside the token's scopes answers <code>50403</code> (HTTP 403) with the missing scope in the message and in <code>data.missingScope</code>. Account, team, token and webhook management are never open to tokens.</p>
<table><tr><th>Scope</th><th>Area</th><th>Methods</th></tr>${byArea.map((g) => `<tr><td><code>${g.area}</code></td><td>${esc(ACCESS_AREA_LABELS[g.area])}</td><td>${g.defs.length}</td></tr>`).join('')}</table></section>
<section id="limits"><h2>Rate limits</h2><p>Per token and method class, in a fixed window of ${API_RATE_WINDOW_SEC} seconds, shared by every server. Every answer to a token's call carries <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> and <code>X-RateLimit-Reset</code> (seconds until the window starts again); past the limit the answer is <code>50429</code> (HTTP 429 on the gateway) with <code>Retry-After</code>. Files are uploads, imports and exports; writes are methods that change data; the rest are reads.</p>
<table><tr><th>Class</th><th>Calls per minute</th></tr>${limits}</table></section>
<section id="errors"><h2>Errors</h2><table><tr><th>Code</th><th>HTTP</th><th>Reason</th><th>Message</th></tr>${errors}</table></section>
<section id="webhooks"><h2>Webhook events</h2><p>Add endpoints in the cabinet (<a href="/profile/webhooks">Profile → Webhooks</a>). Each event is a <code>POST</code> of the body below, signed in <code>${WEBHOOK_SIGNATURE_HEADER}: t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256 of "&lt;t&gt;.&lt;body&gt;" with the endpoint's secret&gt;</code>; refuse a signature older than 5 minutes and deduplicate by <code>id</code> (retries and replays keep it). The schemas are also in the OpenRPC document's <code>x-webhooks</code>.</p>
${webhookEvents()
  .map(
    (e) =>
      `<section class="method" id="event-${esc(e.type)}"><h3><code>${esc(e.type)}</code></h3><p>${esc(e.description)}</p><details><summary>Body</summary><pre>${esc(JSON.stringify(e.schema, null, 2))}</pre></details></section>`,
  )
  .join('\n')}</section>
<h2>Methods</h2>
${byArea.map((g) => `<h2 id="area-${g.area}">${esc(ACCESS_AREA_LABELS[g.area])}</h2>${g.defs.map((d) => methodSection(d, origin)).join('\n')}`).join('\n')}
</div></main></body></html>`;
}
