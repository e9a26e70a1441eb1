// The demo's cost price file for `npm start` (issue 21's cost and floor prices by file): the FBO and FBS
// demo sellers' latest file, saved yesterday — the cost and floor prices of some products that had none, typed
// into the template's columns as a seller does. It goes through the module's own way: the upload's intake,
// then the job's check of every row by the contract's rule and the save of all rows (checkCostPriceFile).
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { COST_PRICE_COLUMNS } from '@moda/contracts';
import type { Db } from '../../db/client';
import { plainContext } from '../../core/context';
import { loadExcel } from '../../core/lazy-libs';
import { MemoryStorage } from '../../files/memory-storage';
import type { FileStorage } from '../../files/storage';
import { DEMO_PARTNERS, DEMO_USERS } from '../../seed/demo-partners';
import { UploadsService } from '../uploads';
import { checkCostPriceFile } from './promotions.cost-file';

const DAY_MS = 86_400_000;
const FILE_NAME = 'Себестоимость — новая коллекция.xlsx';
/**
 * The demo's FBO and FBS sellers (seller@, fbs@); the others have uploaded none, the card's empty state (each
 * file's check costs npm start's first load a few hundred milliseconds).
 */
const SELLERS = [10001, 10002];
/** Products filled in the file: every fourth of those without prices, away from the catalogue's first ones. */
const ROWS = 24;

/** Cost about 38 % and floor about 55 % of the price, in whole tens (below every demo promotion's price). */
const tens = (v: number) => Math.max(10, Math.round(v / 10) * 10);

export async function seedCostPriceFiles(db: Db, storage: FileStorage = new MemoryStorage()): Promise<void> {
  const files = new UploadsService(storage);
  const at = new Date(Date.now() - DAY_MS);
  for (const partner of DEMO_PARTNERS.filter((p) => SELLERS.includes(p.id))) {
    const email = DEMO_USERS.find((u) => u.partners.includes(partner.id))?.email;
    const user = email
      ? (await db.execute<{ id: string }>(sql`select id from users where email = ${email}`)).rows[0]
      : undefined;
    const products = (
      await db.execute<{ seller_sku: string; moda_sku: string; title: string; price: number }>(sql`
        select p.seller_sku, p.moda_sku, p.title, p.price::float as price from products p
         where p.partner_id = ${partner.id} and p.price is not null and not p.archived
           and not exists (select 1 from product_cost_prices cp
                            where cp.partner_id = p.partner_id and cp.product_id = p.id)
         order by p.id offset 20`)
    ).rows.filter((_, i) => i % 4 === 0);
    if (!products.length) continue;
    const ExcelJS = await loadExcel();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Себестоимость');
    const C = COST_PRICE_COLUMNS;
    ws.addRow([C.sellerSku, C.modaSku, C.title, C.costPrice, C.floorPrice]);
    for (const p of products.slice(0, ROWS))
      ws.addRow([p.seller_sku, p.moda_sku, p.title, tens(p.price * 0.38), tens(p.price * 0.55)]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const stored = await files.store(partner.id, 'product_cost_prices', FILE_NAME, Readable.from([bytes]));
    const ctx = plainContext(db, {
      partnerId: partner.id,
      principal: user
        ? {
            userId: user.id,
            email: email!,
            roles: ['partner_user'],
            partnerIds: [partner.id],
            familyId: 'demo',
          }
        : null,
    });
    const record = await files.createRecord(ctx, {
      type: 'product_cost_prices',
      name: FILE_NAME,
      stored,
      warehouseCode: null,
    });
    await checkCostPriceFile({ db, files }, { partnerId: partner.id, fileId: record.id });
    const saved = await files.row(db, partner.id, record.id);
    if (saved?.status !== 'ok')
      throw new Error(`demo cost price file of ${partner.id}: ${saved?.errorMessage ?? 'not read'}`);
    await db.execute(
      sql`update files set created_at = ${at}, updated_at = ${at} where partner_id = ${partner.id} and id = ${record.id}`,
    );
  }
}
