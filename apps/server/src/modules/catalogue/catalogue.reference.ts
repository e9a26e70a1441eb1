// The marketplace's catalogue reference: attributes and their groups, each category's attribute set,
// dictionaries (colour families, styles, size scales and their sizes, TN VED codes with obsolete ones) and
// ERP categories. It ships with the code and is versioned with it; the content team's edits come as releases.
import {
  CARD_OWN_ATTRIBUTES,
  PRODUCTION_COUNTRIES,
  type Attribute,
  type CategoryCode,
  type DictionaryEntry,
} from '@moda/contracts';

const a = (
  code: string,
  name: string,
  valueType: Attribute['valueType'],
  group: Attribute['group'],
  dictionary: string | null = null,
  maxLength: number | null = null,
): Attribute => ({
  code,
  name,
  valueType,
  group,
  dictionary,
  maxLength,
});

/** Attributes of spec 000 §3 "Product form attributes", plus the few that only some categories use. */
export const ATTRIBUTES: Attribute[] = [
  a('title', 'Название', 'string', 'main_group', null, 200),
  a('erp_category', 'Категория', 'dictionary_entry', 'main_group', 'erp_category'),
  a('site_category', 'Раздел на сайте', 'dictionary_entry', 'main_group', 'site_category'),
  a('gender', 'Пол', 'dictionary_entry', 'main_group', 'gender'),
  a('country', 'Страна производства', 'dictionary_entry', 'main_group', 'country'),
  a('color_family', 'Цвет', 'dictionary_entry', 'main_group', 'color_family'),
  a('style', 'Стиль', 'dictionary_entry', 'main_group', 'style'),
  a('model_name', 'Модель', 'string', 'main_group', null, 100),
  a('brand_series_original_name', 'Серия бренда', 'localized_string', 'extra_group', null, 100),
  a('bundle_id', 'Комплект', 'string', 'extra_group', null, 50),
  a('season', 'Сезон', 'array_of_dictionary_entry', 'extra_group', 'season'),
  a('sleeve_length', 'Длина рукава', 'dictionary_entry', 'extra_group', 'sleeve_length'),
  a('heel_height', 'Высота каблука, см', 'number', 'extra_group'),
  a('volume_ml', 'Объём, мл', 'number', 'extra_group'),
  a('age_from', 'Возраст от, лет', 'number', 'extra_group'),
  a('shelf_life_days', 'Срок годности, дней', 'number', 'extra_group'),
  a('price', 'Цена', 'number', 'prices_group'),
  a('size_scale', 'Размерная сетка', 'dictionary_entry', 'sizes_id_group', 'size_scale'),
  a('size_value', 'Размер', 'dictionary_entry', 'sizes_id_group'),
  a('supplier_parent_sku', 'Артикул родителя', 'string', 'sizes_id_group', null, 50),
  a('supplier_sku', 'Артикул', 'string', 'sizes_id_group', null, 50),
  a('product_identifier', 'Штрихкод (EAN)', 'string', 'sizes_id_group', null, 13),
  a('tn_ved', 'Код ТН ВЭД', 'dictionary_entry', 'legal_group', 'tn_ved'),
  a('eac', 'Декларация ЕАЭС', 'boolean', 'legal_group'),
  a('producer', 'Производитель', 'string', 'legal_group', null, 200),
  a('producer_address', 'Адрес производителя', 'string', 'legal_group', null, 300),
  a('is_resale', 'Перепродажа', 'boolean', 'legal_group'),
];

/** The card's own fields (contracts), plus the attributes every category has beside them. */
const COMMON = [
  ...CARD_OWN_ATTRIBUTES,
  'site_category',
  'model_name',
  'brand_series_original_name',
  'bundle_id',
];
export const CARD_FIELDS: ReadonlySet<string> = new Set(CARD_OWN_ATTRIBUTES);
export const COMMON_ATTRIBUTES: readonly string[] = COMMON;

/** Each category's attribute set: the common ones plus its own, with the required ones. */
export const CATEGORY_ATTRIBUTES: Record<CategoryCode, { extra: string[]; required: string[] }> = {
  clothes: {
    extra: ['color_family', 'style', 'season', 'sleeve_length'],
    required: ['color_family', 'season'],
  },
  footwear: {
    extra: ['color_family', 'style', 'season', 'heel_height'],
    required: ['color_family', 'season'],
  },
  accessories: { extra: ['color_family', 'style'], required: ['color_family'] },
  home: { extra: ['color_family'], required: [] },
  beauty: { extra: ['volume_ml'], required: ['volume_ml'] },
  toys: { extra: ['color_family', 'age_from'], required: ['age_from'] },
  food: { extra: ['shelf_life_days'], required: ['shelf_life_days'] },
};

export const CATEGORY_NAMES: Record<CategoryCode, string> = {
  accessories: 'Аксессуары',
  clothes: 'Одежда',
  home: 'Дом',
  beauty: 'Красота',
  footwear: 'Обувь',
  toys: 'Игрушки',
  food: 'Продукты',
};

const e = (code: string, name = code, obsolete = false): DictionaryEntry => ({ code, name, obsolete });
const sizes = (codes: string[]) => codes.map((c) => e(c));

export const DICTIONARIES: Record<string, DictionaryEntry[]> = {
  color_family: [
    'чёрный',
    'белый',
    'серый',
    'бежевый',
    'коричневый',
    'синий',
    'голубой',
    'зелёный',
    'красный',
    'розовый',
    'жёлтый',
    'фиолетовый',
    'разноцветный',
  ].map((n) => e(n)),
  style: ['повседневный', 'деловой', 'спортивный', 'вечерний', 'пляжный'].map((n) => e(n)),
  season: [
    e('spring', 'весна'),
    e('summer', 'лето'),
    e('autumn', 'осень'),
    e('winter', 'зима'),
    e('all', 'всесезон'),
  ],
  sleeve_length: [
    e('none', 'без рукава'),
    e('short', 'короткий'),
    e('three_quarter', 'три четверти'),
    e('long', 'длинный'),
  ],
  gender: [
    e('boys', 'мальчики'),
    e('girls', 'девочки'),
    e('kids', 'дети'),
    e('men', 'мужчины'),
    e('women', 'женщины'),
    e('unisex', 'унисекс'),
  ],
  country: Object.entries(PRODUCTION_COUNTRIES).map(([code, name]) => e(code, name)),
  size_scale: [
    e('RU_CLOTHES', 'Российские размеры одежды'),
    e('INT_CLOTHES', 'Международные размеры (XS–XXL)'),
    e('JEANS', 'Джинсы (W)'),
    e('RU_SHOES', 'Размеры обуви'),
    e('ONE_SIZE', 'Без размера'),
  ],
  'size:RU_CLOTHES': sizes(['40', '42', '44', '46', '48', '50', '52', '54', '56']),
  'size:INT_CLOTHES': sizes(['XS', 'S', 'M', 'L', 'XL', 'XXL']),
  'size:JEANS': sizes(['25', '26', '27', '28', '29', '30', '31', '32', '33', '34', '36']),
  'size:RU_SHOES': sizes(['35', '36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46']),
  'size:ONE_SIZE': sizes(['ONE']),
  tn_ved: [
    e('6204420000', '6204 42 000 0 — платья женские из хлопка'),
    e('6109100000', '6109 10 000 0 — футболки трикотажные из хлопка'),
    e('6203423100', '6203 42 310 0 — брюки мужские из денима'),
    e('6202400000', '6202 40 000 0 — куртки женские из химических нитей'),
    e('6404110000', '6404 11 000 0 — обувь спортивная'),
    e('6403919800', '6403 91 980 0 — ботинки с верхом из натуральной кожи'),
    e('6117100000', '6117 10 000 0 — шарфы и шали трикотажные'),
    e('4202221000', '4202 22 100 0 — сумки из пластмассы'),
    e('6301209000', '6301 20 900 0 — пледы шерстяные'),
    e('3304990000', '3304 99 000 0 — средства для ухода за кожей'),
    e('9503007000', '9503 00 700 0 — игрушки'),
    e('6204421000', '6204 42 100 0 — платья (код до 2022 года)', true),
    e('6109100010', '6109 10 000 1 — футболки (код до 2022 года)', true),
  ],
};

export const ERP_CATEGORIES: Record<CategoryCode, { level1: string; level2: string[] }[]> = {
  clothes: [
    { level1: 'Одежда', level2: ['Платья', 'Футболки', 'Джинсы', 'Верхняя одежда', 'Рубашки'] },
    { level1: 'Детская одежда', level2: ['Комбинезоны', 'Футболки'] },
  ],
  footwear: [{ level1: 'Обувь', level2: ['Кроссовки', 'Ботинки', 'Туфли', 'Сандалии'] }],
  accessories: [{ level1: 'Аксессуары', level2: ['Сумки', 'Шарфы', 'Ремни', 'Головные уборы'] }],
  home: [{ level1: 'Дом', level2: ['Текстиль', 'Декор'] }],
  beauty: [{ level1: 'Красота', level2: ['Уход', 'Макияж', 'Парфюмерия'] }],
  toys: [{ level1: 'Игрушки', level2: ['Мягкие игрушки', 'Конструкторы'] }],
  food: [{ level1: 'Продукты', level2: ['Сладости', 'Чай и кофе'] }],
};

/** Each ERP subcategory of a category once, whichever level 1 holds it (Футболки are adults' and kids'). */
export const erpSubcategories = (category: CategoryCode): string[] => [
  ...new Set(ERP_CATEGORIES[category].flatMap((l) => l.level2)),
];

/**
 * Dictionaries whose entries depend on the card's category: an attribute names the base (`site_category`)
 * and a category reads its own (`site_category:clothes`), as size values are read per scale.
 */
const PER_CATEGORY: ReadonlySet<string> = new Set(['site_category']);
export const dictionaryOf = (dictionary: string | null, category: CategoryCode): string | null =>
  dictionary && PER_CATEGORY.has(dictionary) ? `${dictionary}:${category}` : dictionary;

// The site sections of a category are its own ERP subcategories, each once.
for (const category of Object.keys(ERP_CATEGORIES) as CategoryCode[])
  DICTIONARIES[`site_category:${category}`] = erpSubcategories(category).map((n) => e(n));
DICTIONARIES.erp_category = Object.values(ERP_CATEGORIES).flatMap((v) => v.map((l) => e(l.level1)));
