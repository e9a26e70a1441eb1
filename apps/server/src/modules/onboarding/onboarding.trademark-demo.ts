// The demo's trademark document for `npm start`: the applicant asked for clarifications (applicant-clarify,
// brand Warm Home, a registered trademark) uploaded the certificate of the trademark three days ago while
// answering them. Made as the applicant makes it, through the module's own functions: the reservation (the
// contract's rule on the name and size), the upload's intake (kind survey_trademark) into it, and the brands
// page saved naming it (the contract's page rules, the document checked as the applicant's own).
import { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { BrandsPage, surveysAttachmentsReserve } from '@moda/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/core.schema';
import { plainContext } from '../../core/context';
import { loadPdfKit } from '../../core/lazy-libs';
import { MemoryStorage } from '../../files/memory-storage';
import type { FileStorage } from '../../files/storage';
import { UploadsService } from '../uploads';
import { OnboardingService } from './onboarding.service';
import { trademarkUploads } from './onboarding.attachments';

const require = createRequire(import.meta.url);
const DAY_MS = 86_400_000;
const APPLICANT = 'applicant-clarify@moda.test';
const FILE_NAME = 'Свидетельство на товарный знак Warm Home.pdf';

/** A one-page certificate, as a scan's PDF would be. */
async function certificate(brand: string): Promise<Buffer> {
  const doc = new (await loadPdfKit())({ size: 'A4', margin: 56, info: { Title: FILE_NAME } });
  doc.registerFont('body', require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => doc.on('end', resolve).on('error', reject));
  doc
    .font('body')
    .fontSize(16)
    .text('СВИДЕТЕЛЬСТВО НА ТОВАРНЫЙ ЗНАК (ЗНАК ОБСЛУЖИВАНИЯ)', { align: 'center' });
  doc.moveDown().fontSize(12).text('№ 912345', { align: 'center' });
  doc.moveDown(2).text(`Товарный знак: ${brand}`);
  doc.text('Правообладатель: ООО «Тёплый дом», Москва');
  doc.text('Классы МКТУ: 24, 25');
  doc.text('Дата приоритета: 14.03.2023. Срок действия: до 14.03.2033.');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

export async function seedTrademarkDocuments(
  db: Db,
  storage: FileStorage = new MemoryStorage(),
): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, APPLICANT));
  if (!user) return;
  const at = new Date(Date.now() - 3 * DAY_MS);
  const now = () => at;
  const files = new UploadsService(storage);
  // The applicant's own calls: nothing of them mails, announces or publishes anything.
  const onboarding = new OnboardingService({
    now,
    principalChanged: async () => undefined,
    publishTerms: async () => undefined,
    deleteStored: (key) => files.deleteKey(key),
    db,
    jobs: { send: async () => null },
    appUrl: '',
  });
  const principal = {
    userId: user.id,
    email: APPLICANT,
    roles: ['onboarding_user' as const],
    partnerIds: [],
    familyId: 'demo',
  };
  const survey = await onboarding.get(plainContext(db, { principal }));
  const brands = survey.answers.brands;
  const brand = brands?.brands.find((b) => b.trademark);
  if (!brands || !brand) return;
  const bytes = await certificate(brand.name);
  await db.transaction(async (tx) => {
    const ctx = plainContext(tx, { principal });
    const { id } = await onboarding.reserve(
      ctx,
      surveysAttachmentsReserve.params.parse({ fileName: FILE_NAME, size: bytes.length }),
    );
    const stored = await files.store(
      `applicants/${user.id}`,
      'survey_trademark',
      FILE_NAME,
      Readable.from([bytes]),
    );
    await trademarkUploads(now).complete(ctx, id, { name: FILE_NAME, stored });
    const data = BrandsPage.parse({
      ...brands,
      brands: brands.brands.map((b) => (b === brand ? { ...b, documents: [...(b.documents ?? []), id] } : b)),
    });
    await onboarding.save(ctx, { page: 'brands', data });
  });
}
