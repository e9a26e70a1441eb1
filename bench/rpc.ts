// Benchmark: the cost of the RPC layer. The same one-row read through POST /jsonrpc (authenticated,
// validated, partner-checked) and through a bare Fastify route, measured by autocannon in one run.
// Target (issue "Platform"): the RPC layer costs under 15 % of throughput.
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

export async function runRpcBench(): Promise<{ ratio: number }> {
  const server = fork(new URL('./bench-server.ts', import.meta.url), ['bench/.data/rpc'], {
    execArgv: ['--import', 'tsx'],
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
    return { ratio };
  } finally {
    server.send('stop');
    await new Promise((r) => server.once('exit', r));
  }
}
