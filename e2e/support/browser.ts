// Debian's Chromium driven by playwright-core (never a downloaded browser), plus the helpers the
// flows share: a fresh page, logging in through the form, and screenshots kept as test artifacts.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { REPO_ROOT } from '../../scripts/web-build';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const DEMO_PASSWORD = 'Moda2026!';
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e/artifacts');

export function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium (apt-get install -y chromium)`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface Viewport {
  width: number;
  height: number;
}
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 320, height: 640 };

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: Viewport = DESKTOP,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    // The app then turns Ant Design's motion off: a menu or popup is where it will stay the moment it
    // shows, so a click never lands on one mid-slide (a hover submenu moved under the pointer in CI).
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Fills the login form and waits until the login page is gone. */
export async function logIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email или логин').fill(username);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Opens /login and logs in; returns once the home page (or the return URL) shows. */
export async function openLoggedIn(page: Page, username: string, path = '/'): Promise<void> {
  await page.goto(path === '/' ? '/login' : `/login?returnUrl=${encodeURIComponent(path)}`);
  await logIn(page, username);
}

/**
 * Whether the flows save their screenshots: they are for a person to look at, so CI, where nobody does,
 * skips them (a minute of its 20) unless `E2E_SCREENSHOTS=1`. No assertion reads a screenshot.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1' || !process.env.CI;

/** Resolves once the browser has painted two more frames: renders already scheduled have landed. */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Saves a full-page screenshot under e2e/artifacts/<flow>/<name>.png. */
export async function snap(page: Page, flow: string, name: string): Promise<void> {
  // Without the picture, still wait for the next painted frame as a screenshot does, so a flow reads the page
  // at the same point either way.
  if (!SCREENSHOTS) return nextFrame(page);
  const dir = path.join(ARTIFACTS_DIR, flow);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
}

/**
 * Opens the Ant Design select labelled `field` (or the combobox given) and picks the option titled `option`,
 * until the select shows it: a click during the dropdown's opening motion, on the closing dropdown of the
 * select before, or while a late banner shifts the page, can miss.
 */
export async function choose(page: Page, field: string | Locator, option: string): Promise<void> {
  const input = typeof field === 'string' ? page.getByLabel(field, { exact: true }) : field;
  // The chosen option's title on the select's value (its content, or its selection item in older antd).
  const chosen = input.locator(
    `xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]//*[@title="${option}"]`,
  );
  for (let attempt = 1; ; attempt++) {
    await input.click();
    // The open select's own list (`aria-controls` names it), not the closing dropdown of the select before.
    const list = await input.getAttribute('aria-controls');
    const dropdown = list
      ? page.locator('.ant-select-dropdown', { has: page.locator(`[id="${list}"]`) })
      : page.locator('.ant-select-dropdown:visible');
    try {
      await dropdown.locator(`.ant-select-item-option[title="${option}"]`).click({ timeout: 5_000 });
      await chosen.waitFor({ timeout: 2_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Hovers the submenu titled `title` of `menu` until its item `item` shows, and returns that item: a hover
 * while the horizontal menu re-measures its items (a late badge, a font) opens nothing, so on a loaded
 * machine the pointer leaves and comes back rather than waiting once.
 */
export async function openSubmenu(page: Page, menu: Locator, title: string, item: string): Promise<Locator> {
  const entry = page.getByRole('menuitem', { name: item });
  for (let attempt = 1; ; attempt++) {
    await page.mouse.move(0, 0);
    await menu.getByText(title, { exact: true }).hover();
    try {
      await entry.waitFor({ timeout: 4_000 });
      return entry;
    } catch (err) {
      if (attempt === 4) throw err;
    }
  }
}
