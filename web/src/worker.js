// The emulated handheld in a Web Worker: the same board model as the Node harness
// (tools/pico_emu/board/), run against the wall clock, its flash kept in IndexedDB.
//
// Messages in:  start {profile, uf2, bootrom, drive, driveBytes, driveVersion}
//               button {pin, pressed, hold_ms?, held_ms?} | shake {on, held_ms?} | reset | erase | flush
// Messages out: screen {width, height, on, contrast, bits, t} | tones {tones: [[ms, hz, duty]]}
//               clock {t, busy} | stats {...} | console {text} | saved {at, pending} | error {message}

import { Board, NS_PER_CYCLE } from '../../tools/pico_emu/board/board.js';
import { FLASH_BYTES, NVM_OFFSET, DRIVE_OFFSET, SECTOR, bootromWords, loadUf2 } from '../../tools/pico_emu/board/flash.js';

const SLICE_MS = 30;            // wall time spent emulating before the worker looks at messages
const CHUNK_NS = 1e6;           // emulated time run between looks at the wall clock
const MAX_LAG_NS = 250e6;       // behind the wall clock by more than this: the debt is dropped
const IDLE_WAIT_MS = 8;         // caught up with the wall clock: sleep this long
const MIN_PRESS_NS = 60e6;      // a press shorter than keypad's scan would be lost
const MIN_SHAKE_NS = 300e6;     // a tap of Shake: enough for the detector (120 ms moving, two peaks)
const SAVE_AFTER_MS = 250;      // flash written: saved this long after the last write
const CLOCK_EVERY_MS = 100;     // the emulated clock told to the page this often

let setup = null;               // the start message
let board = null;
let base = null;                // {wall, emu}: emulated ns that match a wall instant
let timer = null;
let pressedAt = new Map();      // pin -> emulated ns of the press
let releaseGeneration = new Map();
let shakeSince = null;
let shakeGeneration = 0;
let lastScreenKey = null;
let saveTimer = null;
let savedOps = 0;               // board.flashOps total at the last save
let savedNvmOps = 0;
let driveDirty = false;
let dbPromise = null;
let lastClockPost = 0;
const stats = { wallInRun: 0, busyAt: 0, emuAt: 0, wallAt: 0 };

const yieldChannel = new MessageChannel();
yieldChannel.port1.onmessage = () => slice();

function post(message, transfer) { self.postMessage(message, transfer || []); }

// -------------------------------------------------------------- storage

function db() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const request = indexedDB.open('pocket-yahtzee', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('flash');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  return dbPromise;
}

async function stored(key) {
  const handle = await db();
  return new Promise((resolve, reject) => {
    const request = handle.transaction('flash').objectStore('flash').get(key);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function store(entries) {
  const handle = await db();
  return new Promise((resolve, reject) => {
    const tx = handle.transaction('flash', 'readwrite');
    for (const [key, value] of entries) {
      if (value === undefined) tx.objectStore('flash').delete(key);
      else tx.objectStore('flash').put(value, key);
    }
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

function keys() {
  const name = setup.profile.name;
  return { nvm: `${name}:nvm`, drive: `${name}:drive` };
}

// The flash a power-on starts from: the firmware, then the saved nvm and drive (the
// drive only when it is the one this page was built with: a new build brings new code).
async function startingFlash() {
  const flash = new Uint8Array(FLASH_BYTES).fill(0xff);
  loadUf2(flash, new Uint8Array(setup.uf2), 'firmware.uf2');
  const k = keys();
  let nvm = null, drive = null;
  try {
    nvm = await stored(k.nvm);
    drive = await stored(k.drive);
  } catch (error) {
    post({ type: 'console', text: `(no browser storage: ${error}; nothing is kept)\n` });
  }
  if (drive && drive.version === setup.driveVersion && drive.bytes.length === FLASH_BYTES - DRIVE_OFFSET) {
    flash.set(drive.bytes, DRIVE_OFFSET);
  } else {
    const image = new Uint8Array(setup.drive);
    flash.fill(0, DRIVE_OFFSET, DRIVE_OFFSET + setup.driveBytes);    // the image's unused tail
    flash.set(image, DRIVE_OFFSET);
    driveDirty = true;
  }
  if (nvm && nvm.bytes.length === SECTOR) flash.set(nvm.bytes, NVM_OFFSET);
  return flash;
}

function flashWritten() {
  const ops = board.flashOps.erases + board.flashOps.programs;
  if (ops === savedOps) return false;
  // every write outside the nvm sector lands on the drive (the firmware's own area is
  // never written by CircuitPython at run time)
  if (ops - savedOps > board.nvmOps.length - savedNvmOps) driveDirty = true;
  savedOps = ops;
  savedNvmOps = board.nvmOps.length;
  return true;
}

async function save() {
  if (saveTimer) { clearTimeout(saveTimer); saveTimer = null; }
  if (!board) return;
  flashWritten();
  const flash = board.mcu.flash;
  const k = keys();
  const entries = [[k.nvm, { bytes: flash.slice(NVM_OFFSET, NVM_OFFSET + SECTOR) }]];
  if (driveDirty) {
    entries.push([k.drive, { version: setup.driveVersion, bytes: flash.slice(DRIVE_OFFSET, FLASH_BYTES) }]);
    driveDirty = false;
  }
  try {
    await store(entries);
    post({ type: 'saved', at: Date.now(), pending: false });
  } catch (error) {
    post({ type: 'console', text: `(could not save: ${error})\n` });
  }
}

function saveSoon() {
  if (saveTimer) clearTimeout(saveTimer);
  post({ type: 'saved', pending: true });
  saveTimer = setTimeout(save, SAVE_AFTER_MS);
}

// -------------------------------------------------------------- power

async function powerOn(flash) {
  const profile = setup.profile;
  board = new Board({ config: profile.harness, bootrom: bootromWords(new Uint8Array(setup.bootrom), 'bootrom'), flash });
  savedOps = 0; savedNvmOps = 0;
  pressedAt = new Map(); releaseGeneration = new Map(); shakeSince = null;
  lastScreenKey = null;
  base = { wall: performance.now(), emu: 0 };
  Object.assign(stats, { wallInRun: 0, busyAt: 0, emuAt: 0, wallAt: performance.now() });
  post({ type: 'power', on: true });
  schedule(0);
}

async function powerCycle(flash) {
  if (timer) { clearTimeout(timer); timer = null; }
  board = null;
  await powerOn(flash);
}

// -------------------------------------------------------------- running

function schedule(ms) {
  if (timer) clearTimeout(timer);
  timer = null;
  if (ms <= 0) yieldChannel.port2.postMessage(0);
  else timer = setTimeout(() => { timer = null; slice(); }, ms);
}

// Run the board up to the wall clock (or for SLICE_MS of wall time when it cannot keep
// up), then hand out the picture, tones and stats. A sleeping CPU costs nothing:
// Board.run skips to the next alarm, and once caught up the worker waits.
function slice() {
  if (!board) return;
  const started = performance.now();
  let target = base.emu + (started - base.wall) * 1e6;
  const clock = board.clock;
  if (target - clock.nanos > MAX_LAG_NS) {
    base = { wall: started, emu: clock.nanos };     // behind: run on from here
    target = clock.nanos + MAX_LAG_NS;
  }
  let now = started;
  while (clock.nanos < target && now - started < SLICE_MS) {
    board.run(Math.min(target, clock.nanos + CHUNK_NS));
    now = performance.now();
    if (board.stopReason === 'bkpt') {
      post({ type: 'error', message: `the firmware stopped: ${board.stopDetail}` });
      board = null;
      return;
    }
  }
  stats.wallInRun += now - started;
  const behind = clock.nanos < target;      // else caught up: emulated time keeps the wall's pace
  report(now);
  if (flashWritten()) saveSoon();
  schedule(behind ? 0 : IDLE_WAIT_MS);
}

function report(now) {
  const oled = board.oled;
  if (oled) {
    const key = `${oled.changes}/${oled.on}/${oled.contrast}/${oled.inverse}`;
    if (key !== lastScreenKey) {
      lastScreenKey = key;
      const bits = oled.packed();
      post({ type: 'screen', width: oled.width, height: oled.height, on: oled.on,
        contrast: oled.contrast, bits, t: board.clock.nanos / 1e6 }, [bits.buffer]);
    }
  }
  board.frames.length = 0;
  board.framesSent = 0;
  if (board.tones.length) {
    post({ type: 'tones', tones: board.tones.map(([n, hz, duty]) => [n / 1e6, hz, duty]) });
    board.tones = [];
  }
  if (board.console.length > board.consoleSent) {
    post({ type: 'console', text: board.console.slice(board.consoleSent) });
    board.console = '';
    board.consoleSent = 0;
  }
  if (now - lastClockPost >= CLOCK_EVERY_MS) {
    lastClockPost = now;
    post({ type: 'clock', t: board.clock.nanos / 1e6, busy: board.busyNanos / 1e6 });
  }
  if (now - stats.wallAt >= 1000) {
    const wall = now - stats.wallAt;
    const busy = board.busyNanos - stats.busyAt;
    const emu = board.clock.nanos - stats.emuAt;
    post({ type: 'stats',
      mhz: emu / NS_PER_CYCLE / wall / 1e3,                 // emulated cycles a wall second
      busy_mhz: stats.wallInRun > 0 ? busy / NS_PER_CYCLE / stats.wallInRun / 1e3 : 0,
      cpu_share: stats.wallInRun / wall,                    // the worker's share of the wall time
      t: board.clock.nanos / 1e6, busy: board.busyNanos / 1e6, instructions: board.instructions });
    Object.assign(stats, { wallInRun: 0, busyAt: board.busyNanos, emuAt: board.clock.nanos, wallAt: now });
  }
}

// -------------------------------------------------------------- inputs

// A button from the pin to GND, pressed or let go. A press lasts on the board as long
// as it lasted on the page (heldMs, wall), and at least MIN_PRESS_NS: when the
// emulator runs slower than the wall clock, a long press stays long. holdMs: let go
// after that long (emulated), for a long press made by one key.
function button(pin, pressed, holdMs, heldMs) {
  if (!board) return;
  const generation = (releaseGeneration.get(pin) || 0) + 1;
  releaseGeneration.set(pin, generation);
  if (pressed) {
    pressedAt.set(pin, board.clock.nanos);
    board.setPin(pin, false);
    if (holdMs) {
      const current = board;
      board.after(holdMs, () => {
        if (board === current && releaseGeneration.get(pin) === generation) board.setPin(pin, null);
      });
    }
  } else {
    const held = board.clock.nanos - (pressedAt.get(pin) ?? -Infinity);
    // a click held shorter than the board's long press stays a short press, however
    // late its release came through (a busy machine), and a long one stays long
    const longMs = setup.profile.long_press_ms;
    const wallMs = (heldMs || 0) < longMs ? Math.min(heldMs || 0, longMs / 2) : heldMs;
    const need = Math.max(MIN_PRESS_NS, wallMs * 1e6);
    if (held >= need) board.setPin(pin, null);
    else {
      const current = board;
      board.after((need - held) / 1e6, () => {
        if (board === current && releaseGeneration.get(pin) === generation) board.setPin(pin, null);
      });
    }
  }
  schedule(0);
}

// The shake on or off; like a press, it lasts as long as on the page (heldMs).
function shake(on, heldMs) {
  if (!board) return;
  shakeGeneration++;
  if (on) {
    if (!board.shake.on) shakeSince = board.clock.nanos;
    board.shake = { on: true };
  } else if (board.shake.on) {
    const held = board.clock.nanos - shakeSince;
    const need = Math.max(MIN_SHAKE_NS, (heldMs || 0) * 1e6);
    if (held >= need) board.shake = { on: false };
    else {
      const current = board, generation = shakeGeneration;
      board.after((need - held) / 1e6, () => {
        if (board === current && generation === shakeGeneration) board.shake = { on: false };
      });
    }
  }
  schedule(0);
}

self.onmessage = async (event) => {
  const message = event.data;
  try {
    if (message.type === 'start') {
      setup = message;
      await powerOn(await startingFlash());
    } else if (message.type === 'button') button(message.pin, message.pressed, message.hold_ms, message.held_ms);
    else if (message.type === 'shake') shake(message.on, message.held_ms);
    else if (message.type === 'flush') await save();
    else if (message.type === 'reset') {
      // as pulling the battery: the flash as it is, the board off and on again
      if (!board) return;
      const flash = board.mcu.flash.slice(0, FLASH_BYTES);
      await save();
      await powerCycle(flash);
    } else if (message.type === 'erase') {
      // a new board: no saves, the drive as built
      if (timer) { clearTimeout(timer); timer = null; }
      board = null;
      const k = keys();
      await store([[k.nvm, undefined], [k.drive, undefined]]);
      await powerCycle(await startingFlash());
    }
  } catch (error) {
    post({ type: 'error', message: String(error && error.message || error) });
  }
};
