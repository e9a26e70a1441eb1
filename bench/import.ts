// Benchmark: the Excel import of a 16 MB template file of 100,000 rows (25,000 clothes cards of 4 sizes)
// for partner 10001 of the demo data, on its own embedded PostgreSQL (bench/.data/import). Three fresh
// processes per round, one after the other, so that each one's peak memory is its own:
//   - import: the 'file.import' job's whole work through the imports service — zip directory and
//     streaming scan of every part (hostile-file guard), exceljs' streaming read, each row mapped to a
//     card, every card checked by the catalogue's rules, all 100,000 products written in one transaction;
//   - bare: the floor — exceljs' streaming WorkbookReader over the same bytes, every row's cells read as
//     text, nothing else.
//   - bare, shared strings first: the same over the bytes in the order the import hands them to exceljs
//     (which then reads the sheet as it streams instead of copying it to a temporary file first) — shown
//     beside the target's floor, as a stricter one.
// The import's process starts with the heap flags of `npm run worker` (the process that runs jobs in
// production), the bare read's with Node's defaults.
// Figures: rows per second and the process's peak resident memory (VmHWM).
// Targets: the import at ≥ 45 % of the bare read's rows/s in every round (issue 26 raised it from 40 %), peak < 400 MB.
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { openBenchDatabase } from './lib';

const PARTNER = 10001;
const PARENTS = 25_000;
const SIZES = ['42', '44', '46', '48'];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WORDS = [
  'летнее',
  'лёгкое',
  'свободного кроя',
  'с поясом',
  'миди',
  'макси',
  'с карманами',
  'в полоску',
  'однотонное',
  'с воланами',
  'на пуговицах',
];

interface Outcome {
  rows: number;
  seconds: number;
  /** CPU seconds (user + system) of this Node process during the work. */
  cpu: number;
  peakMb: number;
  baseMb: number;
}

async function vmHwmMb(): Promise<number> {
  const status = await fs.readFile('/proc/self/status', 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const ean13 = (first12: string) => {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
};

/**
 * The template of the clothes category (full), filled as a seller's Excel would save it (shared strings).
 * `update`: the same products as an update file (full_update), the cards `retitle` names with a new title.
 */
export async function makeFile(
  file: string,
  update?: { retitle: (card: number) => boolean },
): Promise<{ bytes: number; rows: number }> {
  const mode = update ? 'full_update' : 'full';
  const { templateColumns, stampOf, headerOf } =
    await import('../apps/server/src/modules/catalogue/template');
  const { CatalogueService } = await import('../apps/server/src/modules/catalogue/catalogue.service');
  {
    const catalogue = new CatalogueService({ accounts: null as never });
    const columns = templateColumns(catalogue, 'clothes', mode, ['Nord Wind']);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: file,
      useSharedStrings: true,
      useStyles: true,
    });
    const ws = wb.addWorksheet('Товары');
    ws.addRow([stampOf('clothes', mode)]).commit();
    ws.addRow(columns.map(headerOf)).commit();
    let rows = 0;
    for (let p = 0; p < PARENTS; p++) {
      const parent = `BENCH-${String(p).padStart(6, '0')}`;
      SIZES.forEach((size, s) => {
        const values: Record<string, string | number> = {
          supplier_parent_sku: parent,
          supplier_sku: `${parent}-${size}-${((p * 4 + s) * 2654435761) % 4294967291}`,
          size_scale: 'Российские размеры одежды',
          size_value: size,
          product_identifier: ean13(`046${String(p).padStart(8, '0')}${s}`),
          data_matrix: 'нет',
          title: `Платье «${update?.retitle(p) ? 'Осень' : 'Лето'} ${p}» из льна, ${WORDS[p % 11]} ${WORDS[(p * 7) % 11]} ${WORDS[(p * 13) % 11]}, модель ${(p * 7919) % 10007}-${(p * 104729) % 99991}`,
          brand: 'Nord Wind',
          gender: 'женщины',
          country: 'Россия',
          erp_category: 'Одежда',
          erp_subcategory: 'Платья',
          composition: `лён ${50 + (p % 40)}%; хлопок ${50 - (p % 40)}%`,
          price: 1990 + (p % 50) * 100,
          color_family: ['бежевый', 'белый', 'синий', 'чёрный'][p % 4]!,
          style: 'повседневный',
          season: 'лето; весна',
          sleeve_length: 'короткий',
          model_name: `Модель ${p % 997} «Сад» ${(p * 31) % 1009}`,
          bundle_id: `K-${p % 5000}`,
          site_category: 'Платья',
          tn_ved: '6204 42 000 0 — платья женские из хлопка',
          producer: `ООО «Фабрика ${p % 300}»`,
          producer_address: `${((p * 389) % 900000) + 100000}, г. Иваново, ул. Ткацкая, д. ${p % 200}, стр. ${(p * 13) % 50}, офис ${(p * 7) % 400}`,
          eac: 'да',
          is_resale: 'нет',
        };
        ws.addRow(columns.map((c) => values[c.code] ?? '')).commit();
        rows++;
      });
    }
    ws.commit();
    await wb.commit();
    return { bytes: (await fs.stat(file)).size, rows };
  }
}

/** Child: the import job's own work through the imports service, on a recorded upload. */
export async function importChild(url: string, file: string): Promise<Outcome> {
  const { loadConfig } = await import('../apps/server/src/config');
  const { openRuntime } = await import('../apps/server/src/runtime');
  const { UploadsService } = await import('../apps/server/src/modules/uploads/uploads.service');
  const { ImportsService } = await import('../apps/server/src/modules/imports/imports.service');
  const { CatalogueService } = await import('../apps/server/src/modules/catalogue/catalogue.service');
  const { AccountsService } = await import('../apps/server/src/modules/accounts/accounts.service');
  const { PartnersService } = await import('../apps/server/src/modules/partners/partners.service');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-import-bench-'));
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
    const imports = new ImportsService({
      db: runtime.db,
      jobs: runtime.jobs,
      files,
      catalogue: new CatalogueService({ accounts }),
      log: (obj, msg) => console.error(msg, obj),
    });
    // Recorded as the upload route records it; the job's work is then run here instead of by a worker.
    const stored = await files.store(
      PARTNER,
      'nomenclature_import',
      'товары.xlsx',
      Readable.from(await fs.readFile(file)),
    );
    const [row] = (
      await runtime.pool.query<{ id: string }>(
        `insert into files (partner_id, type, format, name, size, storage_key) values ($1, 'nomenclature_import', 'xlsx', 'товары.xlsx', $2, $3) returning id`,
        [PARTNER, stored.size, stored.key],
      )
    ).rows;
    const baseMb = await vmHwmMb();
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await imports.run({ partnerId: PARTNER, fileId: row!.id });
    const seconds = (performance.now() - t0) / 1000;
    const c1 = process.cpuUsage(c0);
    const peakMb = await vmHwmMb();
    const [done] = (
      await runtime.pool.query<{ status: string; result: string; rows_done: number; error_message: string }>(
        `select status, result, rows_done, error_message from files where partner_id = $1 and id = $2`,
        [PARTNER, row!.id],
      )
    ).rows;
    if (done?.result !== 'ok') throw new Error(`import ended ${done?.result}: ${done?.error_message}`);
    return { rows: done.rows_done, seconds, cpu: (c1.user + c1.system) / 1e6, peakMb, baseMb };
  } finally {
    await runtime.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Child: the floor — exceljs' streaming reader over the same bytes, each cell read. `ordered`: the bytes in
 * the order the import hands them to exceljs (shared strings before the sheets, see inReadingOrder), which
 * spares exceljs its temporary copy of the sheet — a stricter floor than the issue's.
 */
export async function bareChild(file: string, ordered = false): Promise<Outcome> {
  const bytes = await fs.readFile(file);
  const baseMb = await vmHwmMb();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const { centralDirectory, inReadingOrder } = await import('../apps/server/src/modules/imports/zip-guard');
  const parts = ordered ? inReadingOrder(bytes, centralDirectory(bytes)) : [bytes];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(parts), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let rows = 0;
  let chars = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      for (const v of (row.values as unknown[]).slice(1)) chars += typeof v === 'string' ? v.length : 1;
      rows++;
    }
    break;
  }
  const seconds = (performance.now() - t0) / 1000;
  const c1 = process.cpuUsage(c0);
  if (chars === 0) throw new Error('nothing read');
  return { rows: rows - 2, seconds, cpu: (c1.user + c1.system) / 1e6, peakMb: await vmHwmMb(), baseMb };
}

/**
 * The V8 heap flags of the process that runs jobs in production (`npm run worker`, apps/server/package.json):
 * the import is measured under the same heap bound and growth. The floor runs with Node's defaults.
 */
async function workerHeapFlags(): Promise<string[]> {
  const pkg = JSON.parse(await fs.readFile(path.resolve('apps/server/package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const flags = pkg.scripts
    .worker!.split(/\s+/)
    .filter((a) => /^--(max-(old|semi)-space-size|heap-growing-percent)=\d+$/.test(a));
  if (flags.length === 0) throw new Error('npm run worker starts without a heap bound');
  return flags;
}

type Mode = 'import' | 'bare' | 'bare-ordered';

async function runChild(mode: Mode, url: string, file: string): Promise<Outcome> {
  const heap = mode === 'import' ? await workerHeapFlags() : [];
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url), ['--import-bench-child', mode, url, file], {
      execArgv: [
        ...heap,
        '--import',
        'tsx',
        ...(process.env.BENCH_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
    });
    child.once('message', (m: Outcome | { error: string }) =>
      'error' in m ? reject(new Error(m.error)) : resolve(m),
    );
    child.once('exit', (code) => (code ? reject(new Error(`${mode} child exited with ${code}`)) : undefined));
  });
}

export async function runImportBench(): Promise<void> {
  const dataDir = path.resolve('bench/.data/import');
  const { pg: pgServer, pool, url } = await openBenchDatabase(dataDir);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'moda-import-file-'));
  // Each round starts from the same table: the previous round's rows deleted and vacuumed away (else every
  // round inserts into a heap and indexes bloated by the rows before it).
  const clean = async () => {
    await pool.query(`delete from products where partner_id = $1 and seller_parent_sku like 'BENCH-%'`, [
      PARTNER,
    ]);
    await pool.query('vacuum products');
  };
  try {
    await clean();
    const file = path.join(work, 'товары.xlsx');
    const made = await makeFile(file);
    const outcomes: Record<Mode, Outcome[]> = { import: [], bare: [], 'bare-ordered': [] };
    for (let round = 0; round < ROUNDS; round++) {
      outcomes.import.push(await runChild('import', url, file));
      await clean();
      outcomes.bare.push(await runChild('bare', url, file));
      outcomes['bare-ordered'].push(await runChild('bare-ordered', url, file));
    }
    const rate = (o: Outcome) => o.rows / o.seconds;
    const summary = (list: Outcome[]) => ({
      rows: list[0]!.rows,
      'rows/s (median)': Math.round(median(list.map(rate))),
      'seconds (median)': Math.round(median(list.map((o) => o.seconds)) * 100) / 100,
      'rows per Node CPU-s (median)': Math.round(median(list.map((o) => o.rows / o.cpu))),
      'peak RSS MB (max)': Math.max(...list.map((o) => o.peakMb)),
      'RSS before MB': Math.max(...list.map((o) => o.baseMb)),
    });
    const imp = summary(outcomes.import);
    const bare = summary(outcomes.bare);
    const bareOrdered = summary(outcomes['bare-ordered']);
    console.log(
      `\nExcel import: ${made.rows.toLocaleString('en')} rows (${PARENTS.toLocaleString('en')} cards × ${SIZES.length} sizes), ` +
        `file ${(made.bytes / 1024 / 1024).toFixed(1)} MB, ${ROUNDS} alternating rounds, each in a fresh process`,
    );
    console.table({
      'import job (service)': imp,
      'bare exceljs stream read (floor)': bare,
      'bare read, shared strings first': bareOrdered,
    });
    const ratio = imp['rows/s (median)'] / bare['rows/s (median)'];
    const roundRatios = outcomes.import.map((o, i) => rate(o) / rate(outcomes.bare[i]!));
    const perRound = roundRatios.map((r) => r.toFixed(2)).join(' ');
    console.log(
      `import/bare throughput: ${ratio.toFixed(2)} (rounds ${perRound}) (target ≥ 0.45 in every round: ${
        roundRatios.every((r) => r >= 0.45) ? 'met' : 'NOT met'
      })`,
    );
    const strict = imp['rows/s (median)'] / bareOrdered['rows/s (median)'];
    console.log(
      `import/bare read of the bytes in the import's reading order: ${strict.toFixed(2)} (rounds ${outcomes.import
        .map((o, i) => (rate(o) / rate(outcomes['bare-ordered'][i]!)).toFixed(2))
        .join(' ')}) (stricter than the target's floor)`,
    );
    const cpuRatio = imp['rows per Node CPU-s (median)'] / bare['rows per Node CPU-s (median)'];
    console.log(
      `import/bare rows per CPU-second of Node: ${cpuRatio.toFixed(2)} (the database's own work not counted)`,
    );
    console.log(`import process heap flags (as npm run worker): ${(await workerHeapFlags()).join(' ')}`);
    console.log(
      `import peak RSS ${imp['peak RSS MB (max)']} MB (target < 400 MB: ${imp['peak RSS MB (max)'] < 400 ? 'met' : 'NOT met'})`,
    );
  } finally {
    await clean().catch(() => undefined);
    await pool.end();
    await pgServer.stop();
    await fs.rm(work, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

if (process.argv[2] === '--import-bench-child') {
  const [mode, url, file] = process.argv.slice(3) as [Mode, string, string];
  let message: Outcome | { error: string };
  try {
    message =
      mode === 'import' ? await importChild(url, file) : await bareChild(file, mode === 'bare-ordered');
  } catch (err) {
    message = { error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  process.send?.(message, () => process.exit(0));
}
