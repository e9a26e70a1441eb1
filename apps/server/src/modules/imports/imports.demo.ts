// The demo's Excel updates for `npm start` (issue 28): the seller of 10001 finds on /nomenclatures/updates one
// update applied two days ago (countries, a colour and a title corrected, one row refused for its price; the
// rollback still offered) and one rolled back (footwear's gender and country, applied six days ago, rolled
// back a day later). Each is made as a seller makes it, through the module's own functions: the full_update
// template of the partner's products with the seller's edits, the upload's intake, the import job that fills
// the preview, apply, rollback.
import { PassThrough, Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { CategoryCode } from '@moda/contracts';
import type { Db } from '../../db/client';
import { plainContext, type CallContext } from '../../core/context';
import { MemoryStorage } from '../../files/memory-storage';
import type { FileStorage } from '../../files/storage';
import { AccountsService } from '../accounts';
import { CatalogueService, type StoredCard } from '../catalogue';
import { PartnersService } from '../partners';
import { UploadsService } from '../uploads';
import { ImportsService } from './imports.service';
import { ImportUpdatesService } from './imports.updates';

const PARTNER = 10001;
const SELLER = 'seller@moda.test';
const DAY_MS = 86_400_000;

/** A seller's edit of one card of the file (the card as the template writes it: codes, not names). */
type Edit = (card: StoredCard) => StoredCard;

interface Plan {
  fileName: string;
  category: CategoryCode;
  /** Days ago the file was uploaded and applied. */
  appliedDaysAgo: number;
  /** Days ago it was rolled back (none: it stays applied). */
  rolledBackDaysAgo?: number;
  /** The edits of the cards at these positions among the file's cards (away from the list's edges). */
  edits: Record<number, Edit>;
}

/** The cards kept in each file (by position): the edited ones and their neighbours. */
const KEPT = { from: 3, to: 26 };

const PLANS: Plan[] = [
  {
    fileName: 'Обувь — пол и страна.xlsx',
    category: 'footwear',
    appliedDaysAgo: 6,
    rolledBackDaysAgo: 5,
    edits: {
      5: (c) => ({ ...c, gender: c.gender === 'men' ? 'unisex' : 'men', country: 'CN' }),
      7: (c) => ({ ...c, gender: c.gender === 'women' ? 'unisex' : 'women' }),
      9: (c) => ({ ...c, country: 'VN' }),
    },
  },
  {
    fileName: 'Одежда — страны и цвета.xlsx',
    category: 'clothes',
    appliedDaysAgo: 2,
    edits: {
      12: (c) => ({ ...c, country: c.country === 'TR' ? 'CN' : 'TR' }),
      15: (c) => ({ ...c, country: c.country === 'UZ' ? 'RU' : 'UZ' }),
      18: (c) => ({
        ...c,
        attributes: {
          ...c.attributes,
          color_family: c.attributes.color_family === 'серый' ? 'чёрный' : 'серый',
        },
      }),
      21: (c) => ({ ...c, title: c.title.replace(', ', ' свободного кроя, ').slice(0, 200) }),
      // The seller's slip: a price not in whole tens is refused with its reason, the rest applies.
      24: (c) => ({ ...c, price: (c.price ?? 1000) + 5 }),
    },
  },
];

/** The partner's full_update template of a category, edited as a seller would, through the template's writer. */
async function editedTemplate(
  services: { imports: ImportsService; catalogue: CatalogueService },
  ctx: CallContext,
  plan: Plan,
): Promise<Buffer> {
  const { imports, catalogue } = services;
  // The seller leaves out the cards of a brand not yet permitted (the rules would refuse every row of them).
  const permitted = new Set(
    (await catalogue.brands(ctx)).items
      .filter((b) => !b.needsPermission || b.permissionGranted)
      .map((b) => b.name),
  );
  let n = -1;
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => out.on('end', resolve).on('error', reject));
  await imports.template(ctx, plan.category, 'full_update', out, (card) => {
    if (!permitted.has(card.brand)) return null;
    const edit = plan.edits[++n];
    // The seller keeps the rows around the ones they change and deletes the rest (a smaller file to check).
    if (n < KEPT.from || n > KEPT.to) return null;
    return edit ? edit(card) : card;
  });
  await done;
  return Buffer.concat(chunks);
}

export async function seedImportUpdates(db: Db, storage: FileStorage = new MemoryStorage()): Promise<void> {
  const [seller] = (await db.execute<{ id: string }>(sql`select id from users where email = ${SELLER}`)).rows;
  if (!seller) return;
  // The services as the app builds them, over the app's storage (a test's load keeps the files in memory).
  const files = new UploadsService(storage);
  const partners = new PartnersService();
  // Only the partner's brands are read of the accounts (the template's brand list, the card's rules).
  const accounts = new AccountsService({
    config: null as never,
    jobs: null as never,
    auth: null as never,
    files,
    partners,
  });
  const catalogue = new CatalogueService({ accounts });
  let clock = Date.now();
  // The demo's updates change no price: the price rules are never asked.
  const updates = new ImportUpdatesService({ prices: null as never, catalogue, now: () => new Date(clock) });
  // No job is queued: the import job's own function runs here, as the worker would run it.
  const imports = new ImportsService({ db, jobs: null as never, files, catalogue, updates });
  const principal = {
    userId: seller.id,
    email: SELLER,
    roles: ['partner_user' as const],
    partnerIds: [PARTNER],
    familyId: 'demo',
  };
  const now = Date.now();
  for (const plan of PLANS) {
    clock = now - plan.appliedDaysAgo * DAY_MS;
    const bytes = await editedTemplate(
      { imports, catalogue },
      plainContext(db, { partnerId: PARTNER, principal }),
      plan,
    );
    const record = await db.transaction(async (tx) => {
      const ctx = plainContext(tx, { partnerId: PARTNER, principal });
      const stored = await files.store(PARTNER, 'nomenclature_import', plan.fileName, Readable.from([bytes]));
      const rec = await files.createRecord(ctx, {
        type: 'nomenclature_import',
        name: plan.fileName,
        stored,
        warehouseCode: null,
      });
      // The task dated as the update, like every record of it.
      await tx.execute(
        sql`update files set created_at = ${new Date(clock)}, updated_at = ${new Date(clock)} where partner_id = ${PARTNER} and id = ${rec.id}`,
      );
      return rec;
    });
    await imports.run({ partnerId: PARTNER, fileId: record.id });
    const task = await files.row(db, PARTNER, record.id);
    if (task?.status !== 'ok')
      throw new Error(`demo update ${plan.fileName}: ${task?.errorMessage ?? 'not read'}`);
    await db.transaction((tx) =>
      updates.apply(plainContext(tx, { partnerId: PARTNER, principal }), record.id),
    );
    if (plan.rolledBackDaysAgo === undefined) continue;
    clock = now - plan.rolledBackDaysAgo * DAY_MS;
    await db.transaction((tx) =>
      updates.rollback(plainContext(tx, { partnerId: PARTNER, principal }), record.id),
    );
  }
}
