// Plays a list of steps on the built page in Debian's chromium (playwright-core with
// the system browser: no browser download), for tests/test_web.py and bench/bench_web.py.
//
//   node web/test/drive.mjs SPEC.json   ->  one JSON line on stdout: {steps: [...], ...}
//
// SPEC: {url, chromium, profile_dir, steps}. Each step's result carries `wall_ms`, the
// wall time the step took. Steps:
//   {do: "open"}                       load the page (a fresh tab)
//   {do: "reload"}                     reload it (the worker starts again from storage)
//   {do: "lit"}                        wait until the OLED shows something and is still
//   {do: "press", role, ms?}           once the OLED is still, click the button (held ms of
//                                      wall time, default 60)
//   {do: "key", key, ms?}              once still, a key on the keyboard
//   {do: "shake", ms}                  once still, hold the shake button ms
//   {do: "snap", name, want?, limit_ms?}  with `want`, wait until the canvas shows it (up to
//                                      limit_ms: shown_ms), then until still; the canvas's pixels
//   {do: "saved"}                      wait until the board's flash is in IndexedDB
//   {do: "screenshot", path}           a PNG of the page
import { chromium } from 'playwright-core';
import fs from 'fs';

const STILL_MS = 350;             // emulated ms the OLED must not change (scripts.py's STILL_MS)
const CALM_BUSY = 0.5;            // ... with the CPU busy under half the time
const LIMIT_MS = 180000;          // wall

const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The canvas read back pixel by pixel (each OLED pixel's middle): rows of '0'/'1'.
function readCanvas() {
  const canvas = document.querySelector('#oled');
  const scale = Number(canvas.dataset.scale);
  const width = canvas.width / scale, height = canvas.height / scale;
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const rows = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) {
      const at = ((y * scale + (scale >> 1) - 1) * canvas.width + x * scale + (scale >> 1) - 1) * 4;
      row += data[at] > 90 ? '1' : '0';
    }
    rows.push(row);
  }
  return rows.join('\n');
}

const board = () => window.pocket && ({ clock: window.pocket.clock, screen: window.pocket.screen && window.pocket.screen.t,
  lit: window.pocket.firstLit, saved: window.pocket.saved, power: window.pocket.power, stats: window.pocket.stats,
  tones: window.pocket.tones });

async function waitStill(page, since) {
  const started = Date.now();
  let last = await page.evaluate(board);
  const from = since ?? (last.clock ? last.clock.t : 0);
  let calm = false;
  while (Date.now() - started < LIMIT_MS) {
    await sleep(150);
    const now = await page.evaluate(board);
    if (!now.clock || !last.clock) { last = now; continue; }
    const dt = now.clock.t - last.clock.t;
    if (dt > 0) calm = (now.clock.busy - last.clock.busy) < CALM_BUSY * dt;
    if (calm && now.screen !== undefined && now.clock.t - Math.max(now.screen, from) >= STILL_MS) return now;
    last = now;
  }
  throw new Error('the OLED did not settle');
}

async function main() {
  const browser = await chromium.launchPersistentContext(spec.profile_dir, {
    executablePath: spec.chromium, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 900, height: 1000 },
  });
  const results = [];
  const errors = [];
  let page = null;
  try {
    for (const step of spec.steps) {
      const started = Date.now();
      const result = { do: step.do };
      if (step.do === 'open') {
        page = await browser.newPage();
        page.on('pageerror', (error) => errors.push(String(error)));
        await page.goto(spec.url);
      } else if (step.do === 'reload') {
        await page.reload();
      } else if (step.do === 'lit') {
        while (Date.now() - started < LIMIT_MS) {
          const now = await page.evaluate(board);
          if (now && now.lit !== null) break;
          await sleep(100);
        }
        result.lit_ms = Date.now() - started;
        await waitStill(page);
      } else if (step.do === 'press' || step.do === 'shake') {
        await waitStill(page);          // as scripts.py plays a script on the board
        result.still_ms = Date.now() - started;
        const selector = step.do === 'shake' ? '#shake' : `.key[data-role="${step.role}"]`;
        const box = await page.locator(selector).boundingBox();
        const before = await page.evaluate(board);
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await sleep(step.ms || 60);
        await page.mouse.up();
        result.emulated_at = before.clock.t;
      } else if (step.do === 'key') {
        await waitStill(page);
        await page.keyboard.down(step.key);
        await sleep(step.ms || 120);
        await page.keyboard.up(step.key);
      } else if (step.do === 'snap') {
        // with `want`: first when the canvas shows it (the bench's figure), then still
        while (step.want && Date.now() - started < (step.limit_ms || 60000)) {
          if (await page.evaluate(readCanvas) === step.want) { result.shown_ms = Date.now() - started; break; }
          await sleep(50);
        }
        await waitStill(page);
        result.name = step.name;
        result.pixels = await page.evaluate(readCanvas);
      } else if (step.do === 'saved') {
        while (Date.now() - started < LIMIT_MS) {
          const now = await page.evaluate(board);
          if (now.saved && !now.saved.pending) break;
          await sleep(100);
        }
      } else if (step.do === 'screenshot') {
        await page.locator('main').screenshot({ path: step.path });
      } else throw new Error(`unknown step ${step.do}`);
      result.wall_ms = Date.now() - started;
      if (page) result.board = await page.evaluate(board);
      results.push(result);
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify({ steps: results, errors }) + '\n');
}

main().catch((error) => { process.stderr.write(`drive.mjs: ${error.stack || error}\n`); process.exit(1); });
