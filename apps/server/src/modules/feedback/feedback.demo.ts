// Demo questions and reviews: 90 days of buyers' questions and reviews on the demo partners' products, most
// answered in time, some late or unanswered, a few answered by the marketplace, some waiting for a specialist,
// rejected ones with their strikes (10001 is one strike from a block; 10002's strike was deleted by support),
// reply templates, and one dress whose reviews say clearly that it runs small. Deterministic (seeded).
import { sql } from 'drizzle-orm';
import { brokenRules } from '@moda/contracts';
import type { Db } from '../../db/client';
import { prng } from '../orders';
import { feedbackTemplates } from './feedback.schema';
import { insertQuestions, type NewQuestion, type ProductFacts } from './feedback.queries';

/** Partners with a history: the two with the feedback section, and one without it (asked all the same). */
const PARTNERS: { id: number; perDay: number; rejected: 'strike' | 'deleted' | null }[] = [
  { id: 10001, perDay: 3, rejected: 'strike' },
  { id: 10002, perDay: 3, rejected: 'deleted' },
  { id: 10005, perDay: 0.2, rejected: 'strike' },
];
const DAYS = 90;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MODERATION = 'platform:Модерация Moda';

const BUYERS = [
  'Анна',
  'Мария К.',
  'Ольга',
  'Екатерина',
  'Дмитрий',
  'Светлана П.',
  'Алексей',
  'Ирина',
  'Наталья',
  'Юлия Р.',
  'Сергей',
  'Татьяна',
];

type Category = 'clothes' | 'footwear' | 'other';

const QUESTIONS: Record<Category, string[]> = {
  clothes: [
    'Подскажите, какой рост у модели на фото и какой размер на ней?',
    'Ткань не просвечивает? Собираюсь носить летом на работу.',
    'Какой обхват груди у размера {size}?',
    'Будет ли эта модель в других цветах?',
    'Можно ли стирать в машинке или только ручная стирка?',
    'Сильно садится после стирки?',
    'Есть ли подкладка?',
  ],
  footwear: [
    'Какая длина стельки у {size} размера?',
    'Подойдёт на широкую стопу?',
    'Подошва не скользит зимой?',
    'Натуральная ли кожа внутри?',
    'Можно ли носить с ортопедической стелькой?',
  ],
  other: [
    'Какие размеры изделия в сантиметрах?',
    'Есть ли подарочная упаковка?',
    'Из какого материала сделана фурнитура?',
    'Когда снова появится в наличии?',
  ],
};

const ANSWERS: Record<Category, string[]> = {
  clothes: [
    'Здравствуйте! Рост модели 175 см, на ней размер 44. Подробная таблица размеров есть в карточке товара.',
    'Здравствуйте! Ткань плотная и не просвечивает, для офиса подойдёт.',
    'Здравствуйте! Рекомендуем деликатную стирку при 30 градусах, изделие не садится.',
    'Спасибо за вопрос! Других цветов в этом сезоне не будет, но следите за обновлениями магазина.',
  ],
  footwear: [
    'Здравствуйте! Длина стельки указана в таблице размеров в карточке товара.',
    'Здравствуйте! Колодка стандартная, на широкую стопу советуем взять на размер больше.',
    'Здравствуйте! Подошва из термопластичной резины, хорошо держит на снегу.',
  ],
  other: [
    'Здравствуйте! Размеры указаны в описании товара.',
    'Здравствуйте! Товар упакован в фирменную коробку.',
    'Здравствуйте! Поставка ожидается в течение двух недель.',
  ],
};

const REVIEWS: Record<1 | 2 | 3 | 4 | 5, string[]> = {
  5: [
    'Отличная вещь, качество на высоте! Сидит идеально.',
    'Очень довольна покупкой, ношу каждый день.',
    'Пришло быстро, всё целое, советую магазин.',
    'Прекрасное качество за свои деньги, возьму ещё в другом цвете.',
  ],
  4: [
    'Хорошая вещь, но цвет чуть темнее, чем на фото.',
    'В целом всё нравится, немного долго ждала доставку.',
    'Качество хорошее, но торчали нитки — пришлось подрезать.',
  ],
  3: ['Нормально, но ожидала большего за эту цену.', 'Ткань тоньше, чем казалось по фото.'],
  2: ['После первой стирки появились катышки.', 'Неудобно сидит, пришлось вернуть.'],
  1: ['Пришёл товар с браком, шов разошёлся.', 'Совсем не соответствует описанию.'],
};

const REVIEW_ANSWERS = [
  'Спасибо за отзыв! Рады, что покупка понравилась.',
  'Благодарим за оценку! Будем рады видеть вас снова.',
  'Спасибо, что поделились впечатлениями!',
];
const SORRY_ANSWERS = [
  'Нам очень жаль, что товар не оправдал ожиданий. Оформите, пожалуйста, возврат через личный кабинет — мы всё компенсируем.',
  'Спасибо за обратную связь, передали замечание на производство.',
];
const PLATFORM_ANSWER =
  'Здравствуйте! Это служба поддержки Moda: продавец пока не ответил, подскажем мы — подробности есть в карточке товара.';
/** Answers the automatic check refuses: they wait for a specialist, or were rejected. */
const FLAGGED = [
  'Здравствуйте! Напишите нам в WhatsApp +7 916 555-12-34, подберём размер.',
  'На нашем сайте nordwind-shop.ru эта модель дешевле, заходите!',
  'Это платье есть на Wildberries, там быстрее доставка.',
];

const TEMPLATES: Record<number, { kind: 'question' | 'review'; name: string; content: string }[]> = {
  10001: [
    {
      kind: 'question',
      name: 'Размер',
      content:
        'Здравствуйте! Подробная таблица размеров есть в карточке товара. Если сомневаетесь между двумя размерами, советуем взять больший.',
    },
    {
      kind: 'question',
      name: 'Уход за изделием',
      content: 'Здравствуйте! Рекомендуем деликатную стирку при 30 градусах и сушку в расправленном виде.',
    },
    {
      kind: 'question',
      name: 'Поступление',
      content:
        'Здравствуйте! Новая поставка ожидается в течение двух недель. Добавьте товар в избранное, чтобы не пропустить.',
    },
    {
      kind: 'review',
      name: 'Спасибо за отзыв',
      content: 'Спасибо за отзыв! Рады, что покупка понравилась. Ждём вас снова в «Северном ветре».',
    },
    {
      kind: 'review',
      name: 'Извинение за брак',
      content:
        'Нам очень жаль, что товар пришёл с дефектом. Оформите, пожалуйста, возврат — мы вернём деньги в полном объёме.',
    },
    {
      kind: 'review',
      name: 'Доставка',
      content:
        'Спасибо за обратную связь! Сроки доставки зависят от службы маркетплейса; мы передали ваш отзыв коллегам.',
    },
  ],
  10002: [
    {
      kind: 'question',
      name: 'Размер',
      content: 'Здравствуйте! Ориентируйтесь на таблицу размеров в карточке: модель соответствует размеру.',
    },
    {
      kind: 'question',
      name: 'Материал',
      content: 'Здравствуйте! Состав указан в карточке товара, все материалы сертифицированы.',
    },
    {
      kind: 'review',
      name: 'Благодарность',
      content: 'Спасибо, что выбрали Urban Loft! Рады, что вещь пришлась по душе.',
    },
    {
      kind: 'review',
      name: 'Жалоба',
      content: 'Нам жаль, что так вышло. Оформите возврат через маркетплейс — мы оперативно его примем.',
    },
  ],
  10005: [
    { kind: 'question', name: 'Размер', content: 'Здравствуйте! Таблица размеров есть в карточке товара.' },
  ],
};

interface DemoProduct extends ProductFacts {
  category: string;
}

const categoryOf = (c: string): Category => (c === 'clothes' || c === 'footwear' ? c : 'other');

export async function seedFeedback(db: Db): Promise<void> {
  const now = Date.now();
  for (const partner of PARTNERS) {
    const products = (
      await db.execute<DemoProduct>(
        sql`select seller_sku, seller_parent_sku, moda_sku, moda_parent_sku, title, brand, category,
                   nullif(attributes->>'size', 'ONE') as size
              from products where partner_id = ${partner.id} and status = 'online' and not archived
             order by id limit 300`,
      )
    ).rows;
    if (!products.length) continue;
    const r = prng(partner.id * 7);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
    const items: NewQuestion[] = [];
    // The first sized dress of the partner: its reviews say it runs small (the size-fit suggestion).
    const small = products.find((p) => p.category === 'clothes' && p.size)?.seller_parent_sku;

    let carry = 0;
    for (let day = DAYS; day >= 0; day--) {
      carry += partner.perDay;
      for (; carry >= 1; carry--) {
        const product = pick(products);
        const category = categoryOf(product.category);
        const type = r() < 0.5 ? 'question' : 'review';
        const createdAt = new Date(now - day * DAY_MS - Math.floor(r() * 20) * HOUR_MS);
        const age = (now - createdAt.getTime()) / HOUR_MS;
        const rating = type === 'review' ? ([5, 5, 5, 4, 4, 3, 2, 1] as const)[Math.floor(r() * 8)]! : null;
        const runsSmall = product.seller_parent_sku === small;
        const sizeFit =
          type === 'review' && product.size
            ? runsSmall
              ? r() < 0.8
                ? 'runs_small'
                : 'true_to_size'
              : pick(['true_to_size', 'true_to_size', 'true_to_size', 'runs_small', 'runs_large'])
            : null;
        const text =
          type === 'question'
            ? pick(QUESTIONS[category]).replace('{size}', product.size ?? '')
            : runsSmall && sizeFit === 'runs_small'
              ? 'Красивое, но маломерит: обычно ношу 44, а здесь едва застегнулось. Берите на размер больше.'
              : pick(REVIEWS[rating as 1 | 2 | 3 | 4 | 5]);
        const item: NewQuestion = {
          partnerId: partner.id,
          type,
          product,
          text,
          rating,
          sizeFit,
          authorName: pick(BUYERS),
          createdAt,
        };
        // Young items wait; older ones are mostly answered, in time or late; a few never.
        const x = r();
        if (age > 6 && x < 0.82) {
          const hours = x < 0.68 ? 1 + r() * 20 : 26 + r() * 60;
          const sentAt = new Date(Math.min(createdAt.getTime() + hours * HOUR_MS, now - HOUR_MS));
          const answerText =
            type === 'question'
              ? pick(ANSWERS[category])
              : rating !== null && rating <= 2
                ? pick(SORRY_ANSWERS)
                : pick(REVIEW_ANSWERS);
          item.answer = {
            status: 'answered',
            text: answerText,
            author: 'seller',
            sentAt,
            publishedAt: sentAt,
            flags: [],
            moderatedBy: 'auto',
          };
        } else if (age > 72 && x < 0.86) {
          const sentAt = new Date(createdAt.getTime() + 48 * HOUR_MS);
          item.answer = {
            status: 'answered',
            text: PLATFORM_ANSWER,
            author: 'platform',
            sentAt,
            publishedAt: sentAt,
            flags: [],
            moderatedBy: MODERATION,
          };
        }
        items.push(item);
      }
    }

    // The dress that runs small: enough marks of its own for the size chart's suggestion.
    const sizes = products.filter((p) => p.seller_parent_sku === small);
    for (let n = 0; small && n < 14; n++) {
      const createdAt = new Date(now - Math.floor(r() * 80 + 2) * DAY_MS);
      const fit = n % 5 === 4 ? 'true_to_size' : 'runs_small';
      items.push({
        partnerId: partner.id,
        type: 'review',
        product: sizes[n % sizes.length]!,
        text:
          fit === 'runs_small'
            ? 'Красивое, но маломерит: обычно ношу 44, а здесь едва застегнулось. Берите на размер больше.'
            : 'Село по размеру, всё отлично.',
        rating: fit === 'runs_small' ? 3 : 5,
        sizeFit: fit,
        authorName: pick(BUYERS),
        createdAt,
        answer: {
          status: 'answered',
          text: 'Спасибо за отзыв! Учтём замечание о размере.',
          author: 'seller',
          sentAt: new Date(createdAt.getTime() + 5 * HOUR_MS),
          publishedAt: new Date(createdAt.getTime() + 5 * HOUR_MS),
          flags: [],
          moderatedBy: 'auto',
        },
      });
    }

    // Answers waiting for a specialist: recent ones the automatic check refused.
    const waiting = items.filter((i) => !i.answer && i.type === 'question').slice(-2);
    waiting.forEach((i, n) => {
      const text = FLAGGED[n % FLAGGED.length]!;
      const sentAt = new Date(Math.min(i.createdAt.getTime() + 3 * HOUR_MS, now - HOUR_MS));
      i.answer = {
        status: 'on_moderation',
        text,
        author: 'seller',
        sentAt,
        publishedAt: null,
        flags: brokenRules(text),
        moderatedBy: null,
      };
    });

    // One rejected answer, not cancelled yet: a strike (10001), or one support deleted (10002).
    const rejected = partner.rejected
      ? items.find((i) => !i.answer && i.type === 'question' && i.createdAt.getTime() < now - 10 * DAY_MS)
      : undefined;
    if (rejected) {
      const text = FLAGGED[1]!;
      const sentAt = new Date(rejected.createdAt.getTime() + 5 * HOUR_MS);
      rejected.answer = {
        status: 'rejected',
        text,
        author: 'seller',
        sentAt,
        publishedAt: null,
        flags: brokenRules(text),
        rejectionReason: 'other_shops',
        rejectedAt: new Date(sentAt.getTime() + 2 * HOUR_MS),
        moderatedBy: MODERATION,
      };
    }

    const ids = await insertQuestions(db, items);
    if (rejected) {
      const id = ids[items.indexOf(rejected)]!;
      const a = rejected.answer!;
      await db.execute(
        sql`insert into feedback_strikes (partner_id, feedback_id, type, product_title, seller_parent_sku, answer_text,
              reason, rejected_at, rejected_by, deleted_at)
            values (${partner.id}, ${id}, ${rejected.type}, ${rejected.product.title}, ${rejected.product.seller_parent_sku},
              ${a.text}, ${a.rejectionReason ?? 'communication_rules'}, ${a.rejectedAt!.toISOString()}, ${MODERATION},
              ${partner.rejected === 'deleted' ? new Date(a.rejectedAt!.getTime() + DAY_MS).toISOString() : null})`,
      );
    }
    const templates = TEMPLATES[partner.id] ?? [];
    if (templates.length)
      await db.insert(feedbackTemplates).values(templates.map((t) => ({ partnerId: partner.id, ...t })));
  }
}
