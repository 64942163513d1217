// Debian's Chromium, headless, as every browser test and benchmark here starts it
// (playwright-core drives it; no browser download).
import { chromium } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // The page's language follows the browser's (web/app/i18n.ts): the tests read its English
  // labels, so the browser says English whatever the machine's locale; a test that wants
  // another language asks its context for it (Playwright's `locale`).
  "--lang=en-US",
];

export const launch = () => chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
