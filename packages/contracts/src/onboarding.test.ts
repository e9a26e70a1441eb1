// The questionnaire's rules at their boundaries (spec 001 §5 "Questionnaire"): check digits of every
// registration number, lengths by country and legal form, texts, links, brands; Russian working days.
import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  addRuWorkingDays,
  isRuWorkingDay,
  validBin,
  validInn10,
  validInn12,
  validKpp,
  validOgrn,
  validOgrnip,
  validUnn,
} from './onboarding-rules';
import {
  surveysAttachmentsReserve,
  trademarkFileProblem,
  BrandsPage,
  CategoriesPage,
  ChannelsPage,
  CompanyPage,
  ContactsPage,
  SurveyStateMachine,
  CommitteeStateMachine,
} from './onboarding';
import { checkTransition } from './state-machine';

/** Every one-digit change of a valid number: all but the valid one must fail. */
const mutations = (valid: string) =>
  [...valid].flatMap((_, i) =>
    [...'0123456789'].filter((d) => d !== valid[i]).map((d) => valid.slice(0, i) + d + valid.slice(i + 1)),
  );

describe('check digits', () => {
  it.each([
    ['INN 10', validInn10, '7707083893', '7707083894'],
    ['INN 12', validInn12, '500100732259', '500100732250'],
    ['OGRN', validOgrn, '1027700132195', '1027700132194'],
    ['OGRNIP', validOgrnip, '304500116000157', '304500116000158'],
    ['BIN', validBin, '980140000332', '980140000333'],
    ['UNN', validUnn, '191245679', '191245678'],
  ] as const)('%s: the valid number passes, a wrong check digit fails', (_, check, valid, wrong) => {
    expect(check(valid)).toBe(true);
    expect(check(wrong)).toBe(false);
  });

  it.each([
    ['INN 10', validInn10, '7707083893'],
    ['INN 12', validInn12, '500100732259'],
    ['OGRN', validOgrn, '1027700132195'],
    ['OGRNIP', validOgrnip, '304500116000157'],
  ] as const)('%s: a changed last digit always fails', (_, check, valid) => {
    const last = mutations(valid).filter((m) => m.slice(0, -1) === valid.slice(0, -1));
    expect(last.every((m) => !check(m))).toBe(true);
  });

  it.each([
    ['INN 10', validInn10, '7707083893'],
    ['INN 12', validInn12, '500100732259'],
    ['OGRN', validOgrn, '1027700132195'],
    ['OGRNIP', validOgrnip, '304500116000157'],
    ['BIN', validBin, '980140000332'],
    ['UNN', validUnn, '191245679'],
  ] as const)('%s: one digit shorter or longer, or a letter, fails', (_, check, valid) => {
    expect(check(valid.slice(0, -1))).toBe(false);
    expect(check(`${valid}0`)).toBe(false);
    expect(check(`${valid.slice(0, -2)}A${valid.slice(-1)}`)).toBe(false);
  });

  it('UNN: a sum giving 10 is never valid', () => {
    // 10000001x: 29 + 3 = 32, 32 % 11 = 10 — no check digit exists.
    expect([...'0123456789'].some((d) => validUnn(`10000001${d}`))).toBe(false);
  });

  it('KPP: 4 digits, 2 digits or capital letters, 3 digits', () => {
    expect(validKpp('770701001')).toBe(true);
    expect(validKpp('7707AB001')).toBe(true);
    expect(validKpp('7707ab001')).toBe(false);
    expect(validKpp('77070100')).toBe(false);
    expect(validKpp('7707010011')).toBe(false);
    expect(validKpp('A70701001')).toBe(false);
  });
});

describe('Russian working days', () => {
  it('weekends and 2026 holidays are not working days', () => {
    expect(isRuWorkingDay('2026-11-20')).toBe(true); // Friday
    expect(isRuWorkingDay('2026-11-21')).toBe(false); // Saturday
    expect(isRuWorkingDay('2026-11-22')).toBe(false); // Sunday
    expect(isRuWorkingDay('2026-11-04')).toBe(false); // National Unity Day, Wednesday
    expect(isRuWorkingDay('2026-01-09')).toBe(false); // moved from January 3
    expect(isRuWorkingDay('2026-12-31')).toBe(false); // moved from January 4
    expect(isRuWorkingDay('2026-03-09')).toBe(false); // March 8 fell on a Sunday
  });
  it('2 working days across a weekend', () => {
    expect(addRuWorkingDays('2026-11-20', 2)).toBe('2026-11-24');
    expect(addRuWorkingDays('2026-11-19', 2)).toBe('2026-11-23');
  });
  it('2 working days across a public holiday', () => {
    expect(addRuWorkingDays('2026-11-02', 2)).toBe('2026-11-05');
    expect(addRuWorkingDays('2026-12-30', 2)).toBe('2027-01-12');
  });
  it('3 calendar months, the 31st falling on a shorter month’s last day', () => {
    expect(addCalendarMonths('2026-11-21', 3)).toBe('2027-02-21');
    expect(addCalendarMonths('2026-11-30', 3)).toBe('2027-02-28');
  });
});

const company = (over: Record<string, unknown> = {}) => ({
  country: 'RU',
  legalForm: 'legalEntity',
  inn: '7707083893',
  ogrn: '1027700132195',
  kpp: '770701001',
  organizationName: 'ООО «Северный ветер»',
  phone: '+7 (495) 123-45-67',
  ...over,
});
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('company page', () => {
  it('a Russian organization: INN 10, OGRN 13, KPP; the phone becomes 10 digits', () => {
    const r = CompanyPage.safeParse(company());
    expect(r.success).toBe(true);
    expect(r.data?.phone).toBe('4951234567');
  });
  it('a Russian individual entrepreneur: INN 12 and OGRNIP 15, no KPP', () => {
    const ok = company({
      legalForm: 'individual',
      inn: '500100732259',
      ogrn: '304500116000157',
      kpp: undefined,
    });
    expect(CompanyPage.safeParse(ok).success).toBe(true);
    expect(issues(CompanyPage.safeParse({ ...ok, kpp: '770701001' }))).toEqual({
      kpp: 'Для этой страны и формы поле не заполняется',
    });
  });
  it('INN length by country and legal form, each on its field in Russian', () => {
    expect(issues(CompanyPage.safeParse(company({ inn: '770708389' })))).toEqual({
      inn: 'ИНН должен состоять из 10 цифр',
    });
    expect(issues(CompanyPage.safeParse(company({ inn: '500100732259' })))).toEqual({
      inn: 'ИНН должен состоять из 10 цифр',
    });
    expect(
      issues(
        CompanyPage.safeParse(
          company({ legalForm: 'individual', inn: '7707083893', ogrn: '304500116000157', kpp: undefined }),
        ),
      ),
    ).toEqual({ inn: 'ИНН должен состоять из 12 цифр' });
    const kz = { country: 'KZ', ogrn: undefined, kpp: undefined };
    expect(CompanyPage.safeParse(company({ ...kz, inn: '980140000332' })).success).toBe(true);
    expect(issues(CompanyPage.safeParse(company({ ...kz, inn: '98014000033' })))).toEqual({
      inn: 'БИН должен состоять из 12 цифр',
    });
    expect(issues(CompanyPage.safeParse(company({ ...kz, inn: '980140000333' })))).toEqual({
      inn: 'Неверное контрольное число БИН',
    });
    const by = { country: 'BY', ogrn: undefined, kpp: undefined };
    expect(CompanyPage.safeParse(company({ ...by, inn: '191245679' })).success).toBe(true);
    expect(issues(CompanyPage.safeParse(company({ ...by, inn: '1912456790' })))).toEqual({
      inn: 'УНП должен состоять из 9 цифр',
    });
    expect(issues(CompanyPage.safeParse(company({ ...by, inn: '191245678' })))).toEqual({
      inn: 'Неверное контрольное число УНП',
    });
  });
  it('check digits of INN, OGRN, OGRNIP and the shape of KPP', () => {
    expect(issues(CompanyPage.safeParse(company({ inn: '7707083894' })))).toEqual({
      inn: 'Неверное контрольное число ИНН',
    });
    expect(issues(CompanyPage.safeParse(company({ ogrn: '1027700132194' })))).toEqual({
      ogrn: 'Неверное контрольное число ОГРН',
    });
    expect(issues(CompanyPage.safeParse(company({ ogrn: '102770013219' })))).toEqual({
      ogrn: 'ОГРН должен состоять из 13 цифр',
    });
    const ip = { legalForm: 'individual', inn: '500100732259', kpp: undefined };
    expect(issues(CompanyPage.safeParse(company({ ...ip, ogrn: '304500116000158' })))).toEqual({
      ogrn: 'Неверное контрольное число ОГРНИП',
    });
    expect(issues(CompanyPage.safeParse(company({ ...ip, ogrn: '1027700132195' })))).toEqual({
      ogrn: 'ОГРНИП должен состоять из 15 цифр',
    });
    expect(issues(CompanyPage.safeParse(company({ kpp: '77070100' })))).toEqual({
      kpp: 'КПП должен состоять из 9 символов',
    });
    expect(issues(CompanyPage.safeParse(company({ kpp: '7707xx001' })))).toEqual({
      kpp: 'Неверный формат КПП',
    });
    expect(issues(CompanyPage.safeParse(company({ kpp: undefined })))).toEqual({ kpp: 'Обязательное поле' });
  });
  it('phone: exactly 10 digits', () => {
    expect(CompanyPage.safeParse(company({ phone: '4951234567' })).success).toBe(true);
    expect(issues(CompanyPage.safeParse(company({ phone: '495123456' })))).toEqual({
      phone: 'Должно быть ровно 10 цифр',
    });
    expect(issues(CompanyPage.safeParse(company({ phone: '49512345678' })))).toEqual({
      phone: 'Должно быть ровно 10 цифр',
    });
  });
  it('texts: 2 to 150 characters', () => {
    expect(CompanyPage.safeParse(company({ organizationName: 'АБ' })).success).toBe(true);
    expect(CompanyPage.safeParse(company({ organizationName: 'Я'.repeat(150) })).success).toBe(true);
    const msg = 'Длина должна быть от 2 до 150 символов';
    expect(issues(CompanyPage.safeParse(company({ organizationName: 'А' })))).toEqual({
      organizationName: msg,
    });
    expect(issues(CompanyPage.safeParse(company({ organizationName: 'Я'.repeat(151) })))).toEqual({
      organizationName: msg,
    });
    expect(issues(CompanyPage.safeParse(company({ organizationName: '' })))).toEqual({
      organizationName: 'Обязательное поле',
    });
  });
});

describe('other pages', () => {
  it('a differing contact needs a name and a phone', () => {
    expect(ContactsPage.safeParse({ ceoName: 'Иванов Иван', differentContact: false }).success).toBe(true);
    expect(issues(ContactsPage.safeParse({ ceoName: 'Иванов Иван', differentContact: true }))).toEqual({
      contactName: 'Обязательное поле',
      contactPhone: 'Обязательное поле',
    });
  });
  const brand = (name: string) => ({
    name,
    designerSection: false,
    trademark: true,
    ownership: 'owner',
    country: 'Россия',
    averagePrice: 5000,
    averageDiscount: 10,
  });
  it('brand names do not repeat, whatever their case; one brand unless multibrand', () => {
    expect(BrandsPage.safeParse({ multibrand: true, brands: [brand('Nord'), brand('Sud')] }).success).toBe(
      true,
    );
    expect(
      issues(BrandsPage.safeParse({ multibrand: true, brands: [brand('Nord'), brand(' nord ')] })),
    ).toEqual({
      'brands.1.name': 'Такой бренд уже есть в анкете',
    });
    expect(
      issues(BrandsPage.safeParse({ multibrand: false, brands: [brand('Nord'), brand('Sud')] })),
    ).toEqual({
      multibrand: 'Несколько брендов — отметьте «Мультибрендовый магазин»',
    });
  });
  it('average discount from 0 to 99, price from 1', () => {
    const b = (over: object) => ({ multibrand: false, brands: [{ ...brand('Nord'), ...over }] });
    expect(BrandsPage.safeParse(b({ averageDiscount: 0 })).success).toBe(true);
    expect(BrandsPage.safeParse(b({ averageDiscount: 99 })).success).toBe(true);
    expect(issues(BrandsPage.safeParse(b({ averageDiscount: 100 })))).toEqual({
      'brands.0.averageDiscount': 'Значение должно быть не больше 99',
    });
    expect(issues(BrandsPage.safeParse(b({ averagePrice: 0 })))).toEqual({
      'brands.0.averagePrice': 'Значение должно быть не меньше 1',
    });
  });
  it('categories with an SKU count, each once', () => {
    expect(CategoriesPage.safeParse({ categories: [{ category: 'shoes', skuCount: 1 }] }).success).toBe(true);
    expect(
      issues(
        CategoriesPage.safeParse({
          categories: [
            { category: 'shoes', skuCount: 0 },
            { category: 'shoes', skuCount: 5 },
          ],
        }),
      ),
    ).toEqual({
      'categories.0.skuCount': 'Значение должно быть не меньше 1',
      'categories.1.category': 'Эта категория уже выбрана',
    });
  });
  it('links start with http or https; marketplaces take 2 to 250 characters', () => {
    expect(
      ChannelsPage.safeParse({ onlineShop: 'https://nord.ru', socialLink: 'http://vk.com/nord' }).success,
    ).toBe(true);
    expect(issues(ChannelsPage.safeParse({ onlineShop: 'nord.ru', socialLink: 'ftp://nord.ru' }))).toEqual({
      onlineShop: 'Ссылка должна начинаться с http:// или https://',
      socialLink: 'Ссылка должна начинаться с http:// или https://',
    });
    expect(ChannelsPage.safeParse({ marketplaces: 'М'.repeat(250) }).success).toBe(true);
    expect(issues(ChannelsPage.safeParse({ marketplaces: 'М'.repeat(251) }))).toEqual({
      marketplaces: 'Длина должна быть от 2 до 250 символов',
    });
    expect(issues(ChannelsPage.safeParse({ offlineShop: 'М'.repeat(151) }))).toEqual({
      offlineShop: 'Длина должна быть от 2 до 150 символов',
    });
  });
});

describe('state machines', () => {
  it('only staff decide a survey, only the applicant sends it', () => {
    expect(checkTransition(SurveyStateMachine, 'submit', 'on_draft', ['onboarding_user'])).toBeNull();
    expect(checkTransition(SurveyStateMachine, 'approve', 'on_review', ['onboarding_user'])).toBe(
      'forbidden',
    );
    expect(checkTransition(SurveyStateMachine, 'approve', 'on_review', ['support_engineer'])).toBeNull();
    expect(checkTransition(SurveyStateMachine, 'approve', 'on_draft', ['admin'])).toBe('notAllowedFromState');
    expect(
      checkTransition(CommitteeStateMachine, 'answer', 'clarificationRequired', ['onboarding_user']),
    ).toBeNull();
    expect(checkTransition(CommitteeStateMachine, 'approve', 'onReview', ['onboarding_user'])).toBe(
      'forbidden',
    );
  });
});

describe('trademark documents (decisions.md: PDF, JPG, PNG, 5 MB, 5 per brand)', () => {
  const MB5 = 5 * 1024 * 1024;
  it('type by extension, size at its boundary, the same rule on the reservation', () => {
    expect(trademarkFileProblem('a.pdf', MB5)).toBeNull();
    expect(trademarkFileProblem('a.JPEG', 1)).toBeNull();
    expect(trademarkFileProblem('a.png', 1)).toBeNull();
    expect(trademarkFileProblem('a.pdf', MB5 + 1)).toEqual({
      field: 'size',
      message: 'Файл слишком большой: максимальный размер — 5 МБ',
    });
    expect(trademarkFileProblem('a.pdf', 0)?.message).toBe('Файл пустой');
    for (const name of ['a.docx', 'a.svg', 'pdf', 'a.pdf.exe'])
      expect(trademarkFileProblem(name, 1)?.message, name).toBe(
        'Неверный формат файла. Допустимые форматы: PDF, JPG, PNG',
      );
    const r = surveysAttachmentsReserve.params.safeParse({ fileName: 'a.docx', size: 1 });
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join('.'))).toEqual(['fileName']);
  });

  it('at most 5 documents a brand, none twice', () => {
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const brand = (documents: string[]) => ({
      multibrand: false,
      brands: [
        {
          name: 'Nordwind',
          designerSection: false,
          trademark: true,
          ownership: 'owner',
          country: 'Россия',
          averagePrice: 4500,
          averageDiscount: 15,
          documents,
        },
      ],
    });
    expect(BrandsPage.safeParse(brand([1, 2, 3, 4, 5].map(id))).success).toBe(true);
    const six = BrandsPage.safeParse(brand([1, 2, 3, 4, 5, 6].map(id)));
    expect(six.error?.issues[0]?.message).toBe('Не более 5 документов на бренд');
    expect(BrandsPage.safeParse(brand([id(1), id(1)])).error?.issues[0]?.message).toBe(
      'Этот документ уже прикреплён',
    );
  });
});
