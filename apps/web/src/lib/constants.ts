// Business constants of spec 001 §9 and spec 000 §9 that the web shell acts on, each defined once.
// Durations are in milliseconds unless the name says otherwise.

/** Screen breakpoints of spec 001 §9; 320 is the narrowest supported width. */
export const BREAKPOINTS = { xxs: 320, xs: 480, sm: 600, md: 768, lg: 992, xl: 1200 } as const;

export const BRAND_COLOR = '#F93C00';

/** The sticky app header's height: --header-height in app/styles.css. What sticks below it starts here. */
export const HEADER_HEIGHT_PX = 64;

/** Notifications close after 10 s by default. */
export const NOTIFICATION_DURATION_SEC = 10;
/** A forced reload for a new build never happens twice within this window. */
export const RELOAD_GUARD_MS = 10_000;
/** The build manifest is checked hourly. */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** Usage log requests give up after 5 s. */
export const LOG_TIMEOUT_MS = 5_000;
/** GET /get-lid is retried every 5 s, up to 5 times, while no lid is present. */
export const LID_RETRY_MS = 5_000;
export const LID_RETRIES = 5;

/** Usage events wait this long for company before they are sent as one batch. */
export const USAGE_FLUSH_MS = 3_000;

/** Analytics events always carry this country (spec 000 §9). */
export const USAGE_COUNTRY = 'ru';
export const USAGE_PLATFORM = 'web';

/** Display format of dates (spec 000 §9: DD.MM.YY). */
export const DATE_FORMAT = 'DD.MM.YY';
export const DATE_TIME_FORMAT = 'DD.MM.YY HH:mm';

/**
 * External origins the app may navigate to (spec 000 §2: external navigation is blocked unless
 * explicitly allowed). The marketplace's own sites only.
 */
export const ALLOWED_EXTERNAL_ORIGINS: readonly string[] = ['https://moda.ru', 'https://www.moda.ru'];

/** Where the support and the personal manager are reached (spec 001 §9 hours). */
export const SUPPORT_EMAIL = 'support@moda.test';
