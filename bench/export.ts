// Benchmark: the Excel export of 100,000 products (issue "Exports"), on the catalogue benchmark's database
// (partner 30001 has 100,000 products). Two fresh processes, one after the other, so that each one's peak
// memory is its own:
//   - export: the export job's work for `nomenclatures_with_full_attributes` — count, keyset pages of
//     products, each row mapped to the template's columns and guarded against formulas, exceljs'
//     streaming WorkbookWriter, into file storage;
//   - bare: the floor — the same products read by the same keyset pages straight through pg and written
//     with exceljs' streaming WorkbookWriter as they come (no mapping, no guard, no storage layer), to a
//     file, waiting for the file when it is behind.
// Figures: rows per second and the process's peak resident memory (VmHWM).
// Targets: the export at ≥ 60 % of the bare write's rows/s, peak < 400 MB.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { createPool } from '../apps/server/src/db/client';
import { prepareCatalogue } from './catalogue';

const BIG = 30001;
const TYPE = 'nomenclatures_with_full_attributes';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Outcome {
  rows: number;
  seconds: number;
  /** CPU seconds (user + system) of the process over the same span: immune to other work on the machine. */
  cpuSeconds: number;
  bytes: number;
  /** Peak resident memory of the process, MB, and what it held before the export began. */
  peakMb: number;
  baseMb: number;
}

const cpuSince = (start: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1e6;
};

async function vmHwmMb(): Promise<number> {
  const status = await fs.readFile('/proc/self/status', 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Child: the export job's own work through the exports service. */
async function exportChild(url: string, dir: string): Promise<Outcome> {
  const { loadConfig } = await import('../apps/server/src/config');
  const { openRuntime } = await import('../apps/server/src/runtime');
  const { ExportsService } = await import('../apps/server/src/modules/exports/exports.service');
  const { plainContext } = await import('../apps/server/src/core/context');
  const config = loadConfig(
    { NODE_ENV: 'production' },
    { databaseUrl: url, dataDir: dir, logLevel: 'error' },
  );
  const runtime = await openRuntime(config, () => {}, { workers: false, prepare: false });
  try {
    const service = new ExportsService({
      storage: runtime.storage,
      jobs: runtime.jobs,
      isRestricted: async () => false,
      log: (obj, msg) => console.error(msg, obj),
      // Without a category filter the export has the default layout: the catalogue's templates are not read.
      catalogue: () => {
        throw new Error('the benchmark exports without a category');
      },
    });
    // Recorded as v1.exports.create records it; the job's work is then run here instead of by a worker.
    const record = await service.create(plainContext(runtime.db, { partnerId: BIG, afterCommit: () => {} }), {
      type: TYPE,
      filter: { tab: 'all' },
    });
    const baseMb = await vmHwmMb();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await service.run({ partnerId: BIG, exportId: record.id }, runtime.db);
    const seconds = (performance.now() - t0) / 1000;
    const cpuSeconds = cpuSince(cpu0);
    const peakMb = await vmHwmMb();
    const [done] = (
      await runtime.pool.query<{ status: string; row_count: number; size: string; error_message: string }>(
        `select status, row_count, size, error_message from exports where partner_id = $1 and id = $2`,
        [BIG, record.id],
      )
    ).rows;
    if (done?.status !== 'OK') throw new Error(`export ended ${done?.status}: ${done?.error_message}`);
    await runtime.pool.query(`delete from exports where partner_id = $1 and id = $2`, [BIG, record.id]);
    return { rows: done.row_count, seconds, cpuSeconds, bytes: Number(done.size), peakMb, baseMb };
  } finally {
    await runtime.stop();
  }
}

/** Child: the floor — the same keyset pages through pg, written by exceljs' streaming writer as they are. */
async function bareChild(url: string, dir: string, columns: number): Promise<Outcome> {
  const pool: pg.Pool = createPool(url, 2);
  try {
    const file = path.join(dir, 'bare.xlsx');
    const baseMb = await vmHwmMb();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const stream = createWriteStream(file);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: true,
      useSharedStrings: false,
    });
    const ws = wb.addWorksheet('Товары');
    ws.addRow(Array.from({ length: columns }, (_, i) => `Колонка ${i + 1}`)).commit();
    let after = 0;
    let rows = 0;
    for (;;) {
      const page = await pool.query<Record<string, unknown>>(
        `select id, moda_sku, seller_sku, seller_parent_sku, barcode, title, brand, category, erp_level1,
                erp_level2, price, sale_price, status, attributes
           from products where partner_id = $1 and not archived and id > $2 order by id limit 2000`,
        [BIG, after],
      );
      for (const r of page.rows) {
        const values: unknown[] = [
          r.moda_sku,
          r.category,
          r.brand,
          r.title,
          r.erp_level1,
          r.erp_level2,
          r.price === null ? null : Number(r.price),
          r.seller_parent_sku,
          r.seller_sku,
          r.barcode,
        ];
        values.length = columns;
        ws.addRow(values).commit();
        // As any streaming writer should: let the file take what the zip holds before adding more.
        if (++rows % 500 === 0 && stream.writableNeedDrain) await once(stream, 'drain');
      }
      if (page.rows.length < 2000) break;
      after = Number(page.rows[page.rows.length - 1]!.id);
    }
    ws.commit();
    await wb.commit();
    const seconds = (performance.now() - t0) / 1000;
    const cpuSeconds = cpuSince(cpu0);
    const peakMb = await vmHwmMb();
    const bytes = (await fs.stat(file)).size;
    return { rows, seconds, cpuSeconds, bytes, peakMb, baseMb };
  } finally {
    await pool.end();
  }
}

function runChild(mode: 'export' | 'bare', url: string, columns: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url), ['--export-bench-child', mode, url, String(columns)], {
      execArgv: ['--import', 'tsx'],
    });
    child.once('message', (m: Outcome | { error: string }) =>
      'error' in m ? reject(new Error(m.error)) : resolve(m),
    );
    child.once('exit', (code) => (code ? reject(new Error(`${mode} child exited with ${code}`)) : undefined));
  });
}

/** Partner 30001's archived products (every 50th, as generated) join the export for 100,000 rows. */
const unarchive = (pool: pg.Pool) =>
  pool.query(`update products set archived = false where partner_id = ${BIG} and archived`);
const restoreArchive = (pool: pg.Pool) =>
  pool.query(
    `update products set archived = (substring(moda_sku from 3)::bigint % 50 = 0)
      where partner_id = ${BIG} and archived <> (substring(moda_sku from 3)::bigint % 50 = 0)`,
  );

export async function runExportBench(): Promise<void> {
  const dataDir = path.resolve('bench/.data/catalogue');
  const pgServer = await startEmbeddedPostgres(dataDir);
  const url = pgServer.urlFor('moda');
  const pool = createPool(url, 2);
  try {
    await prepareCatalogue(pgServer.url, pool);
    await unarchive(pool);
    const { attributeColumns } = await import('../apps/server/src/modules/exports/nomenclature-exports');
    const columns = attributeColumns('full', { tab: 'all' }).length;
    const outcomes: Record<'export' | 'bare', Outcome[]> = { export: [], bare: [] };
    // Alternate so that drift of the machine hits both alike.
    for (let round = 0; round < ROUNDS; round++) {
      outcomes.export.push(await runChild('export', url, columns));
      outcomes.bare.push(await runChild('bare', url, columns));
    }
    const rate = (o: Outcome) => o.rows / o.seconds;
    const cpuRate = (o: Outcome) => o.rows / o.cpuSeconds;
    const summary = (list: Outcome[]) => ({
      rows: list[0]!.rows,
      'rows/s (median)': Math.round(median(list.map(rate))),
      'seconds (median)': Math.round(median(list.map((o) => o.seconds)) * 100) / 100,
      'rows per CPU-s of Node (median)': Math.round(median(list.map(cpuRate))),
      'file MB': Math.round((list[0]!.bytes / 1024 / 1024) * 10) / 10,
      'peak RSS MB (max)': Math.max(...list.map((o) => o.peakMb)),
      'RSS before MB': Math.max(...list.map((o) => o.baseMb)),
    });
    const exp = summary(outcomes.export);
    const bare = summary(outcomes.bare);
    console.log(
      `\nExcel export: ${exp.rows.toLocaleString('en')} products of partner ${BIG}, ${columns} columns, ` +
        `${ROUNDS} alternating rounds, each in a fresh process`,
    );
    console.table({ 'export job (service)': exp, 'bare exceljs stream (floor)': bare });
    // Each round runs the two back to back, so the machine's drift hits a pair alike: compare within rounds.
    const paired = outcomes.export.map((o, i) => rate(o) / rate(outcomes.bare[i]!));
    const ratio = median(paired);
    const cpuRatio = median(outcomes.export.map((o, i) => cpuRate(o) / cpuRate(outcomes.bare[i]!)));
    console.log(
      `export/bare throughput, median of rounds: ${ratio.toFixed(2)} (rounds ${paired.map((r) => r.toFixed(2)).join(' ')}) ` +
        `(target ≥ 0.60: ${ratio >= 0.6 ? 'met' : 'NOT met'}); per CPU second of the Node process: ${cpuRatio.toFixed(2)}`,
    );
    console.log(
      `export peak RSS ${exp['peak RSS MB (max)']} MB (target < 400 MB: ${exp['peak RSS MB (max)'] < 400 ? 'met' : 'NOT met'})`,
    );
  } finally {
    await restoreArchive(pool).catch(() => undefined);
    await pool.end();
    await pgServer.stop();
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

if (process.argv[2] === '--export-bench-child') {
  const [mode, url, columns] = process.argv.slice(3) as ['export' | 'bare', string, string];
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-export-bench-'));
  let message: Outcome | { error: string };
  try {
    message = mode === 'export' ? await exportChild(url, dir) : await bareChild(url, dir, Number(columns));
  } catch (err) {
    message = { error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  // Exit once the parent has the message.
  process.send?.(message, () => process.exit(0));
}
