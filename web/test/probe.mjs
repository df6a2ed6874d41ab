import { chromium } from 'playwright-core';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage();
page.on('console', (m) => console.log('console:', m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
const t0 = Date.now();
await page.goto(url);
for (let i = 0; i < 40; i++) {
  await page.waitForTimeout(1000);
  const s = await page.evaluate(() => ({ lit: window.pocket.firstLit, stats: window.pocket.stats, status: document.querySelector('#status').textContent }));
  console.log((Date.now() - t0) / 1000, JSON.stringify(s));
}
await page.screenshot({ path: '/tmp/web_probe.png', fullPage: true });
await browser.close();
