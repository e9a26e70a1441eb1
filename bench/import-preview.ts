// Benchmark: the preview of an update file (issue 28) of 100,000 rows — the clothes template in full_update
// mode, 25,000 cards × 4 sizes of partner 10001, every other card with a new title (50,000 products change,
// 50,000 unchanged) — on its own embedded PostgreSQL (bench/.data/import-preview). The products are made once
// by the Excel import (bench/import.ts' file and job); the preview is then the 'file.import' job's whole work
// through the imports service with the previews service: the hostile-file guard, exceljs' streaming read,
// every card checked by the catalogue's rules, each batch diffed against the products in SQL and the changes
// kept in the preview table — nothing written to products. In a fresh process with the heap flags of
// `npm run worker`, as the import's own bench.
// Figures: seconds, rows per second, the process's peak resident memory (VmHWM) against the import's bound
// (peak < 400 MB), and the preview's counts.
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { openBenchDatabase } from './lib';
import { importChild, makeFile } from './import';

const PARTNER = 10001;
const ROWS = 100_000;
/** The import's bound (bench/import.ts, docs/performance.md): peak resident memory of the job's process. */
const PEAK_MB = 400;

interface Outcome {
  rows: number;
  seconds: number;
  peakMb: number;
  baseMb: number;
  changed: number;
  unchanged: number;
  refused: number;
  productsWritten: number;
}

async function vmHwmMb(): Promise<number> {
  const status = await fs.readFile('/proc/self/status', 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Child: the import job on an update file, filling its preview. */
async function previewChild(url: string, file: string): Promise<Outcome> {
  const { loadConfig } = await import('../apps/server/src/config');
  const { openRuntime } = await import('../apps/server/src/runtime');
  const { UploadsService } = await import('../apps/server/src/modules/uploads/uploads.service');
  const { ImportsService } = await import('../apps/server/src/modules/imports/imports.service');
  const { ImportUpdatesService } = await import('../apps/server/src/modules/imports/imports.updates');
  const { CatalogueService } = await import('../apps/server/src/modules/catalogue/catalogue.service');
  const { AccountsService } = await import('../apps/server/src/modules/accounts/accounts.service');
  const { PartnersService } = await import('../apps/server/src/modules/partners/partners.service');
  const { PricesService } = await import('../apps/server/src/modules/prices/prices.service');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-preview-bench-'));
  const config = loadConfig(
    { NODE_ENV: 'production' },
    { databaseUrl: url, dataDir: dir, logLevel: 'error' },
  );
  const runtime = await openRuntime(config, () => {}, { workers: false, prepare: false });
  try {
    const files = new UploadsService(runtime.storage);
    const partners = new PartnersService();
    const accounts = new AccountsService({
      config,
      jobs: runtime.jobs,
      auth: null as never,
      files,
      partners,
    });
    const catalogue = new CatalogueService({ accounts });
    const imports = new ImportsService({
      db: runtime.db,
      jobs: runtime.jobs,
      files,
      catalogue,
      updates: new ImportUpdatesService({
        prices: new PricesService({ partners }),
        catalogue,
        now: () => new Date(),
      }),
      log: (obj, msg) => console.error(msg, obj),
    });
    const stored = await files.store(
      PARTNER,
      'nomenclature_import',
      'обновление.xlsx',
      Readable.from(await fs.readFile(file)),
    );
    const [row] = (
      await runtime.pool.query<{ id: string }>(
        `insert into files (partner_id, type, format, name, size, storage_key) values ($1, 'nomenclature_import', 'xlsx', 'обновление.xlsx', $2, $3) returning id`,
        [PARTNER, stored.size, stored.key],
      )
    ).rows;
    const before = await runtime.pool.query<{ t: string }>(
      `select max(updated_at)::text as t from products where partner_id = $1`,
      [PARTNER],
    );
    const baseMb = await vmHwmMb();
    const t0 = performance.now();
    await imports.run({ partnerId: PARTNER, fileId: row!.id });
    const seconds = (performance.now() - t0) / 1000;
    const peakMb = await vmHwmMb();
    const [done] = (
      await runtime.pool.query<{ result: string; rows_done: number; error_message: string }>(
        `select result, rows_done, error_message from files where partner_id = $1 and id = $2`,
        [PARTNER, row!.id],
      )
    ).rows;
    if (done?.result !== 'ok') throw new Error(`preview ended ${done?.result}: ${done?.error_message}`);
    const [u] = (
      await runtime.pool.query<{ changed: number; unchanged: number; refused: number }>(
        `select changed, unchanged, refused from import_updates where partner_id = $1 and file_id = $2`,
        [PARTNER, row!.id],
      )
    ).rows;
    const written = await runtime.pool.query<{ n: number }>(
      `select count(*)::int as n from products where partner_id = $1 and updated_at > $2::timestamptz`,
      [PARTNER, before.rows[0]!.t],
    );
    return {
      rows: done.rows_done,
      seconds,
      peakMb,
      baseMb,
      changed: u!.changed,
      unchanged: u!.unchanged,
      refused: u!.refused,
      productsWritten: written.rows[0]!.n,
    };
  } finally {
    await runtime.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function workerHeapFlags(): Promise<string[]> {
  const pkg = JSON.parse(await fs.readFile(path.resolve('apps/server/package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return pkg.scripts.worker!.split(/\s+/).filter((a) => /^--max-(old|semi)-space-size=\d+$/.test(a));
}

async function runChild(mode: 'import' | 'preview', url: string, file: string): Promise<Outcome> {
  const heap = await workerHeapFlags();
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url), ['--preview-bench-child', mode, url, file], {
      execArgv: [...heap, '--import', 'tsx'],
    });
    child.once('message', (m: Outcome | { error: string }) =>
      'error' in m ? reject(new Error(m.error)) : resolve(m),
    );
    child.once('exit', (code) => (code ? reject(new Error(`${mode} child exited with ${code}`)) : undefined));
  });
}

export async function runImportPreviewBench(): Promise<void> {
  const dataDir = path.resolve('bench/.data/import-preview');
  const { pg: pgServer, pool, url } = await openBenchDatabase(dataDir);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-preview-file-'));
  try {
    // The products, made once by the import (kept in this bench's own data dir for the next run).
    const have = await pool.query<{ n: number }>(
      `select count(*)::int as n from products where partner_id = $1 and seller_parent_sku like 'BENCH-%'`,
      [PARTNER],
    );
    if (have.rows[0]!.n !== ROWS) {
      await pool.query(`delete from products where partner_id = $1 and seller_parent_sku like 'BENCH-%'`, [
        PARTNER,
      ]);
      const full = path.join(work, 'товары.xlsx');
      await makeFile(full);
      const made = await importChild(url, full);
      console.log(`products made by the import: ${made.rows} rows in ${made.seconds.toFixed(1)} s`);
      await pool.query('vacuum analyze products');
    }
    // The rules refuse cards whose parent exists in the demo with other fields: none here (BENCH- parents).
    await pool.query(`delete from import_updates where partner_id = $1`, [PARTNER]);
    await pool.query(`delete from import_update_rows where partner_id = $1`, [PARTNER]);
    const file = path.join(work, 'обновление.xlsx');
    const update = await makeFile(file, { retitle: (card) => card % 2 === 0 });
    const o = await runChild('preview', url, file);
    console.log(
      `\nExcel update preview: ${o.rows.toLocaleString('en')} rows, file ${(update.bytes / 1024 / 1024).toFixed(1)} MB, ` +
        `one fresh process with the heap flags of npm run worker (${(await workerHeapFlags()).join(' ')})`,
    );
    console.table({
      preview: {
        rows: o.rows,
        seconds: Math.round(o.seconds * 100) / 100,
        'rows/s': Math.round(o.rows / o.seconds),
        'peak RSS MB': o.peakMb,
        'RSS before MB': o.baseMb,
        changed: o.changed,
        unchanged: o.unchanged,
        refused: o.refused,
        'products written': o.productsWritten,
      },
    });
    // Which fields the preview found changed (the retitled cards' titles expected), with an example.
    const fields = await pool.query<{ field: string; n: number; example: string }>(
      `select c ->> 'field' as field, count(*)::int as n,
              min(u.seller_sku || ': ' || coalesce(c ->> 'old', '∅') || ' → ' || coalesce(c ->> 'new', '∅')) as example
         from import_update_rows u, jsonb_array_elements(u.changes) c
        where u.partner_id = $1 group by 1 order by 2 desc`,
      [PARTNER],
    );
    console.table(
      Object.fromEntries(fields.rows.map((f) => [f.field, { n: f.n, example: f.example.slice(0, 90) }])),
    );
    console.log(
      `preview peak RSS ${o.peakMb} MB (the import's bound < ${PEAK_MB} MB: ${o.peakMb < PEAK_MB ? 'met' : 'NOT met'}); ` +
        `nothing written before apply: ${o.productsWritten === 0 ? 'yes' : 'NO'}`,
    );
  } finally {
    await pool
      .query(`delete from import_update_rows where partner_id = $1`, [PARTNER])
      .catch(() => undefined);
    await pool.end();
    await pgServer.stop();
    await fs.rm(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--preview-bench-child') {
  const [, url, file] = process.argv.slice(3) as [string, string, string];
  let message: Outcome | { error: string };
  try {
    message = await previewChild(url, file);
  } catch (err) {
    message = { error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  process.send?.(message, () => process.exit(0));
}
