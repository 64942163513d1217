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
];

export const launch = () => chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
