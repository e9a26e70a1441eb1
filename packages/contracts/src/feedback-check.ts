// The automatic moderation of a seller's answer to a buyer: one rule set, run by the server when an answer is
// sent (a failed check sends it to a moderation specialist) and by the composer while the seller types, so
// what would be refused is marked before it is sent. Pure and dependency-free: both ends run exactly this.
import { z } from 'zod';
import { PRODUCT } from './product';

export const CheckRule = z.enum(['contacts', 'links', 'other_shops', 'insults']);
export type CheckRule = z.infer<typeof CheckRule>;

/** What each rule guards against, as the composer and the moderation queue say it. */
export const CHECK_RULES: Record<CheckRule, { label: string; explanation: string }> = {
  contacts: {
    label: 'Контакты',
    explanation:
      'Телефоны, почта и мессенджеры запрещены: покупатель общается с продавцом только через маркетплейс',
  },
  links: {
    label: 'Ссылки',
    explanation: `Ссылки на сторонние сайты запрещены; можно ссылаться только на ${PRODUCT}.ru`,
  },
  other_shops: {
    label: 'Другие магазины',
    explanation:
      'Нельзя упоминать другие магазины и маркетплейсы, сравнивать с их ценами или звать покупателя в свой магазин',
  },
  insults: {
    label: 'Грубость',
    explanation: 'Оскорбления и ненормативная лексика запрещены',
  },
};

export interface CheckHit {
  rule: CheckRule;
  /** Where the offending text starts and ends in the answer (UTF-16 offsets, end exclusive). */
  start: number;
  end: number;
  match: string;
}

// JavaScript's \b knows only Latin letters: a word boundary here is "no letter or digit of either alphabet".
const L = 'a-zа-яё0-9';
const before = `(?<![${L}])`;
const after = `(?![${L}])`;
/** Word stems: each matches a word that begins with one of them. */
const stems = (list: string[]) => `${before}(?:${list.join('|')})[${L}]*`;
/** Whole words only (a stem would catch innocent words that begin the same way). */
const words = (list: string[]) => `${before}(?:${list.join('|')})${after}`;

const OWN_DOMAINS = [`${PRODUCT}.ru`, `www.${PRODUCT}.ru`];
const TLD = '(?:ru|рф|su|com|net|org|info|biz|shop|store|online|site|me|io|by|kz|ua|pro|club|top)';

const RULES: { rule: CheckRule; pattern: RegExp; allow?: (match: string) => boolean }[] = [
  // An email before links: its domain is a contact, not a link.
  { rule: 'contacts', pattern: /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-zа-я]{2,}/giu },
  {
    rule: 'contacts',
    // A Russian phone: 10 digits (with an optional +7, 7 or 8 in front) in any grouping, not part of a longer
    // number (a barcode or a Moda SKU is 11–13 digits in a row).
    pattern: /(?<![\d+])(?:\+7|8|7)?[\s(-]{0,2}\d{3}[\s)-]{0,2}\d{3}[\s-]?\d{2}[\s-]?\d{2}(?!\d)/gu,
  },
  {
    rule: 'contacts',
    pattern: new RegExp(
      stems([
        'whats ?app',
        'вотс ?ап',
        'ватс ?ап',
        'вацап',
        'viber',
        'вайбер',
        'telegram',
        'телеграм',
        'телеге',
        'телегу',
        'instagram',
        'инстаграм',
        'инсту',
        'инсте',
        'вконтакт',
        'skype',
        'скайп',
      ]),
      'giu',
    ),
  },
  // A messenger handle: @ and a name, not the middle of an email.
  { rule: 'contacts', pattern: /(?<![a-z0-9._%+-])@[a-z0-9_]{4,}/giu },
  {
    rule: 'links',
    pattern: new RegExp(
      `(?:https?://|www\\.)[^\\s]+|(?<![${L}@.-])[a-zа-я0-9-]+(?:\\.[a-zа-я0-9-]+)*\\.${TLD}${after}(?:/[^\\s]*)?`,
      'giu',
    ),
    allow: (m) => {
      const host = m
        .toLowerCase()
        .replace(/^https?:\/\//, '')
        .replace(/[/?#].*$/, '');
      return OWN_DOMAINS.includes(host);
    },
  },
  {
    rule: 'other_shops',
    pattern: new RegExp(
      stems([
        'wildberr',
        'вайлдбер',
        'вайлдберр',
        'валдбер',
        'ozon',
        'озон',
        'lamoda',
        'ламод',
        'aliexpress',
        'алиэкспресс',
        'avito',
        'авито',
        'мегамаркет',
        'sbermegamarket',
        'kazanexpress',
        'казаньэкспресс',
      ]),
      'giu',
    ),
  },
  {
    rule: 'other_shops',
    pattern: new RegExp(
      [
        words(['wb', 'вб']),
        `${before}яндекс[\\s.-]?маркет[${L}]*`,
        // Calling the buyer elsewhere: the seller's own site or group, another shop.
        `${before}(?:в|на) наш(?:ем|ей) (?:интернет-магазин|сайт|групп|страниц)[${L}]*`,
        `${before}(?:в|на|у) друг(?:их|ом|ой) (?:магазин|сайт|маркетплейс|площадк)[${L}]*`,
        `${before}у конкурент[${L}]*`,
      ].join('|'),
      'giu',
    ),
  },
  {
    rule: 'insults',
    pattern: new RegExp(
      `${stems([
        'дурак',
        'дурач',
        'дура',
        'идиот',
        'дебил',
        'кретин',
        'придур',
        'уродин',
        'уродлив',
        'сволоч',
        'скотин',
        'мраз',
        'ублюд',
        'быдл',
        'хуй',
        'хуе',
        'хуё',
        'хуя',
        'пизд',
        'ебан',
        'ёбан',
        'ебат',
        'ебал',
        'выеб',
        'заеб',
        'наеб',
        'бляд',
        'блят',
        'сучк',
        'мудак',
        'мудил',
        'гандон',
        'пидор',
        'пидар',
        'шлюх',
      ])}|${words(['урод', 'урода', 'уроды', 'уродов', 'лох', 'лоха', 'лохи', 'лохом', 'бля', 'сука', 'суки', 'нахер', 'нахрен'])}`,
      'giu',
    ),
  },
];

/** Everything in `text` the automatic moderation refuses, in reading order; empty when the answer may pass. */
export function checkAnswer(text: string): CheckHit[] {
  const hits: CheckHit[] = [];
  for (const { rule, pattern, allow } of RULES) {
    for (const m of text.matchAll(pattern)) {
      const match = m[0].replace(/[.,;:!?)]+$/, '');
      if (!match || allow?.(match)) continue;
      const start = m.index;
      const end = start + match.length;
      // A span another rule already took (an email's domain read again as a link) is reported once.
      if (hits.some((h) => start < h.end && end > h.start)) continue;
      hits.push({ rule, start, end, match });
    }
  }
  return hits.sort((a, b) => a.start - b.start);
}

/** The rules an answer breaks, each once, in the order of CheckRule. */
export function brokenRules(text: string): CheckRule[] {
  const found = new Set(checkAnswer(text).map((h) => h.rule));
  return CheckRule.options.filter((r) => found.has(r));
}
