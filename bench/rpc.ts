// Benchmark: the cost of the RPC layer. The same one-row read through POST /jsonrpc (authenticated,
// validated, partner-checked) and through a bare Fastify route, measured by autocannon in one run.
// Target (issue "Platform"): the RPC layer costs under 15 % of throughput.
// The token case (issue 27): the same kind of one-row read with a seller's API token instead of a session's
// access token, alternating with the session in rounds. Target: the token path costs under 5 % of throughput.
// The bench server raises the tokens' read limit (API_RATE_LIMIT_READ) so the limit itself never answers 429;
// the limit is still counted in PostgreSQL on every call, as in production.
import { fork } from 'node:child_process';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = 3;
const CONNECTIONS = 16;

function measure(url: string, body: string, headers: Record<string, string>, duration = DURATION) {
  return autocannon({
    url,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    connections: CONNECTIONS,
    duration,
  });
}

export async function runRpcBench(): Promise<{ ratio: number; tokenRatio: number }> {
  const server = fork(new URL('./bench-server.ts', import.meta.url), ['bench/.data/rpc'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, API_RATE_LIMIT_READ: '1000000000' },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('message', (m: { port: number }) => resolve(m.port));
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/jsonrpc/v1/tokens.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'seller', password: 'Moda2026!' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const rpcBody = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'v1.partners.features.list',
      params: { partnerId: 10001 },
    });
    const bareBody = JSON.stringify({ partnerId: 10001 });
    const auth = { authorization: `Bearer ${accessToken}` };

    // Warm both paths (JIT, pool connections, principal cache) before measuring.
    await measure(`${base}/jsonrpc`, rpcBody, auth, 2);
    await measure(`${base}/bench/bare`, bareBody, {}, 2);
    // Alternate the two in rounds so that drift of the machine (other load, PostgreSQL caches) hits both alike.
    const results = { bare: [] as autocannon.Result[], rpc: [] as autocannon.Result[] };
    for (let round = 0; round < ROUNDS; round++) {
      results.bare.push(await measure(`${base}/bench/bare`, bareBody, {}));
      results.rpc.push(await measure(`${base}/jsonrpc`, rpcBody, auth));
    }
    if ([...results.bare, ...results.rpc].some((r) => r.non2xx || r.errors))
      throw new Error('benchmark requests failed');
    const summary = (rs: autocannon.Result[]) => ({
      average: rs.reduce((a, r) => a + r.requests.average, 0) / rs.length,
      p99: Math.max(...rs.map((r) => r.latency.p99)),
    });
    const bare = summary(results.bare);
    const rpc = summary(results.rpc);

    const ratio = rpc.average / bare.average;
    console.log(
      `\nRPC layer: one-row read, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s each`,
    );
    console.table({
      'bare Fastify route': { 'req/s': Math.round(bare.average), 'p99 ms': bare.p99 },
      'JSON-RPC (auth + validation + partner check)': { 'req/s': Math.round(rpc.average), 'p99 ms': rpc.p99 },
    });
    const cost = (1 - ratio) * 100;
    console.log(
      `RPC/bare throughput ratio ${ratio.toFixed(3)} → the RPC layer costs ${cost.toFixed(1)} % (target < 15 %: ${cost < 15 ? 'met' : 'NOT met'})`,
    );

    // The token case: a read of the prices area (a scope a token may hold), by session and by API token.
    const issued = await fetch(`${base}/v1/api-tokens.issue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({
        partnerId: 10001,
        name: `Бенчмарк ${Date.now()}`,
        expiresInDays: 1,
        scopes: { prices: 'read' },
      }),
    });
    const { secret, token } = (await issued.json()) as { secret: string; token: { id: string } };
    const readBody = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'v1.nomenclatures.auto-conversion-price.get',
      params: { partnerId: 10001 },
    });
    const apiAuth = { authorization: `Bearer ${secret}` };
    await measure(`${base}/jsonrpc`, readBody, auth, 2);
    await measure(`${base}/jsonrpc`, readBody, apiAuth, 2);
    const byToken = { session: [] as autocannon.Result[], api: [] as autocannon.Result[] };
    for (let round = 0; round < ROUNDS; round++) {
      byToken.session.push(await measure(`${base}/jsonrpc`, readBody, auth));
      byToken.api.push(await measure(`${base}/jsonrpc`, readBody, apiAuth));
    }
    // Each answer is checked, not only the status: a refused token answers 200 with an error in JSON-RPC.
    const probe = await fetch(`${base}/jsonrpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...apiAuth },
      body: readBody,
    });
    const probed = (await probe.json()) as { result?: unknown; error?: unknown };
    if ([...byToken.session, ...byToken.api].some((r) => r.non2xx || r.errors) || !probed.result)
      throw new Error(`token benchmark requests failed: ${JSON.stringify(probed.error)}`);
    await fetch(`${base}/v1/api-tokens.revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ partnerId: 10001, id: token.id }),
    });
    const session = summary(byToken.session);
    const api = summary(byToken.api);
    const tokenRatio = api.average / session.average;
    console.log(
      `\nToken path: v1.nomenclatures.auto-conversion-price.get, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s each`,
    );
    console.table({
      'session access token': { 'req/s': Math.round(session.average), 'p99 ms': session.p99 },
      'API token (scope + rate limit + usage)': { 'req/s': Math.round(api.average), 'p99 ms': api.p99 },
    });
    const tokenCost = (1 - tokenRatio) * 100;
    console.log(
      `API token/session throughput ratio ${tokenRatio.toFixed(3)} → the token path costs ${tokenCost.toFixed(1)} % (target < 5 %: ${tokenCost < 5 ? 'met' : 'NOT met'})`,
    );
    return { ratio, tokenRatio };
  } finally {
    server.send('stop');
    await new Promise((r) => server.once('exit', r));
  }
}
