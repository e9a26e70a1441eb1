// The onboarding demo for `npm start`: new sellers at several points of the road — one mid-questionnaire,
// one on review, one asked for clarifications, one declined within 3 months, one before the assortment
// committee. Each can log in with the demo password.
import {
  addCalendarMonths,
  addRuWorkingDays,
  moscowDay,
  ONBOARDING_LIMITS,
  type SurveyAnswers,
} from '@moda/contracts';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../files/storage';
import { users } from '../../db/core.schema';
import { hashPassword } from '../../auth/passwords';
import { DEMO_PASSWORD } from '../../seed/demo-partners';
import { onboardingSurveys } from './onboarding.schema';
import { seedTrademarkDocuments } from './onboarding.trademark-demo';

const DAY_MS = 24 * 3600 * 1000;

/** A complete, valid questionnaire (an organization from Russia working by FBS). */
export function sampleAnswers(name = 'ООО «Северный ветер»', brand = 'Nordwind'): Required<SurveyAnswers> {
  return {
    company: {
      country: 'RU',
      legalForm: 'legalEntity',
      inn: '7707083893',
      ogrn: '1027700132195',
      kpp: '770701001',
      organizationName: name,
      phone: '4951234567',
    },
    contacts: { ceoName: 'Андреев Андрей Андреевич', differentContact: false },
    cooperation: { model: 'FBS', warehouseAddress: 'Москва, ул. Складочная, д. 1' },
    brands: {
      multibrand: false,
      brands: [
        {
          name: brand,
          designerSection: false,
          trademark: true,
          ownership: 'owner',
          country: 'Россия',
          averagePrice: 4500,
          averageDiscount: 15,
        },
      ],
    },
    categories: {
      categories: [
        { category: 'clothes', skuCount: 120 },
        { category: 'accessories', skuCount: 30 },
      ],
    },
    channels: { onlineShop: 'https://nordwind.example.ru', marketplaces: 'Wildberries, Ozon' },
  };
}

const PAGES = ['company', 'contacts', 'cooperation', 'brands', 'categories', 'channels'];

export async function seedOnboarding(db: Db, storage?: FileStorage): Promise<void> {
  const now = new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const applicant = async (login: string, name: string) => {
    const [row] = await db
      .insert(users)
      .values({
        email: `${login}@moda.test`,
        login,
        displayName: name,
        passwordHash,
        roles: ['onboarding_user'],
        externalId: `EXT-ONB-${login.toUpperCase()}`,
        confirmedAt: ago(30),
      })
      .returning({ id: users.id });
    return row!.id;
  };
  const draft = sampleAnswers('ООО «Лён и хлопок»', 'Linen Lab');
  const review = sampleAnswers('ООО «Городская обувь»', 'Urban Step');
  const clarify = sampleAnswers('ООО «Тёплый дом»', 'Warm Home');
  const declined = sampleAnswers('ООО «Быстрая мода»', 'Fast Look');
  const committee = sampleAnswers('ООО «Северный ветер»', 'Nordwind');
  const expiring = sampleAnswers('ООО «Шерсть и шёлк»', 'Wool Silk');
  await db.insert(onboardingSurveys).values([
    {
      userId: await applicant('applicant-draft', 'Анна Лебедева'),
      status: 'on_draft',
      answers: { company: draft.company, contacts: draft.contacts },
      pagesSaved: ['company', 'contacts'],
      createdAt: ago(4),
      updatedAt: ago(2),
    },
    {
      // Untouched for 85 days: the deadline warning is on the home page and the hourly job emails it.
      userId: await applicant('applicant-expiring', 'Ефим Кузнецов'),
      status: 'on_draft',
      answers: { company: expiring.company },
      pagesSaved: ['company'],
      createdAt: ago(86),
      updatedAt: ago(85),
    },
    {
      userId: await applicant('applicant-review', 'Борис Зайцев'),
      status: 'on_review',
      answers: review,
      pagesSaved: PAGES,
      submittedAt: ago(1),
      reviewDueDate: addRuWorkingDays(moscowDay(ago(1)), ONBOARDING_LIMITS.reviewWorkingDays),
      createdAt: ago(6),
      updatedAt: ago(1),
    },
    {
      userId: await applicant('applicant-clarify', 'Вера Морозова'),
      status: 'on_clarification',
      answers: clarify,
      pagesSaved: PAGES,
      clarifications: [
        { field: 'company.organizationName', question: 'Укажите полное название организации, как в ЕГРЮЛ' },
        { field: 'channels.onlineShop', question: 'Сайт не открывается: проверьте ссылку' },
      ],
      submittedAt: ago(5),
      createdAt: ago(10),
      updatedAt: ago(3),
    },
    {
      userId: await applicant('applicant-declined', 'Глеб Павлов'),
      status: 'on_delayed_rejection',
      answers: declined,
      pagesSaved: PAGES,
      rejectionReason: 'Ассортимент повторяет уже представленные на площадке бренды',
      submittedAt: ago(20),
      reapplyFrom: addCalendarMonths(moscowDay(ago(18)), ONBOARDING_LIMITS.reapplyAfterMonths),
      createdAt: ago(25),
      updatedAt: ago(20),
    },
    {
      userId: await applicant('applicant-committee', 'Дарья Никитина'),
      status: 'finished',
      answers: committee,
      pagesSaved: PAGES,
      submittedAt: ago(4),
      committeeStatus: 'onReview',
      committeeItems: [
        {
          id: 'brand-1',
          kind: 'brand',
          name: 'Nordwind',
          decision: 'ON_REVIEW',
          comment: null,
          answer: null,
        },
        {
          id: 'category-1',
          kind: 'category',
          name: 'clothes',
          decision: 'ON_REVIEW',
          comment: null,
          answer: null,
        },
        {
          id: 'category-2',
          kind: 'category',
          name: 'accessories',
          decision: 'ON_REVIEW',
          comment: null,
          answer: null,
        },
      ],
      committeeUpdatedAt: ago(2),
      createdAt: ago(9),
      updatedAt: ago(4),
    },
  ]);
  // The applicant answering clarifications has uploaded the trademark's certificate, through the module's calls.
  await seedTrademarkDocuments(db, storage);
}
