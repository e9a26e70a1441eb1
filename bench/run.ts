// `npm run bench [name…]`: every benchmark, or the named ones, each printing its figures and the machine's load.
import os from 'node:os';
import { runRpcBench } from './rpc';
import { runCatalogueBench } from './catalogue';
import { runPricesBench } from './prices';
import { runPriceIndexBench } from './price-index';
import { runWebBench } from './web';
import { runExportBench } from './export';
import { runOrdersBench } from './orders';
import { runImportBench } from './import';
import { runImportPreviewBench } from './import-preview';
import { runQuestionsBench } from './questions';
import { runFboBench } from './fbo';
import { runAnalyticsBench } from './analytics';
import { runFbsBench } from './fbs';
import { runPromotionsBench } from './promotions';
import { runInboxBench } from './inbox';
import { runAuditBench } from './audit';
import { runWebhooksBench } from './webhooks';
import { runStartBench } from './start';

const benches: Record<string, () => Promise<unknown>> = {
  rpc: runRpcBench,
  catalogue: runCatalogueBench,
  prices: runPricesBench,
  'price-index': runPriceIndexBench,
  web: runWebBench,
  export: runExportBench,
  orders: runOrdersBench,
  import: runImportBench,
  'import-preview': runImportPreviewBench,
  questions: runQuestionsBench,
  fbo: runFboBench,
  analytics: runAnalyticsBench,
  fbs: runFbsBench,
  promotions: runPromotionsBench,
  inbox: runInboxBench,
  audit: runAuditBench,
  webhooks: runWebhooksBench,
  start: runStartBench,
};

const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(benches)) {
  if (wanted.length && !wanted.includes(name)) continue;
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`\n=== bench: ${name} === (load average ${load()}, ${os.cpus().length} cores)`);
  await run();
  console.log(`=== ${name} done (load average ${load()}) ===`);
}
process.exit(0);
