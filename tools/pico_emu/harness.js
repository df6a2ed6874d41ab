#!/usr/bin/env node
// The emulated Pico: CircuitPython's own firmware in rp2040js, with the handheld's parts
// on their pins. Driven over stdin/stdout by tools/pico_emu/__init__.py, one JSON object
// a line each way (the commands are listed at `COMMANDS` below; README.md has the why).
//
// The board itself (board/*.js: rp2040js plus what it lacks, the parts) is shared with
// the web page (web/); this file adds what outlives a power-on (the flash, the
// firmware) and the protocol. What rp2040js lacks and board/ adds (facts from running
// CircuitPython 10.2.1):
// - a flash chip: the boot ROM's flash_range_erase / flash_range_program ('RE', 'RP' in
//   the ROM's function table) start with BKPT here and act on the flash array as NOR
//   flash does (erase sets a 4 KB sector to 0xFF, program only clears bits), and power
//   can be cut in the middle of one of them;
// - pull resistors and the world outside the pins: button levels, I2C pull-ups, a
//   target holding SDA low to ACK a bit-banged address (CircuitPython probes an I2C
//   address with a zero-length write, which the RP2040's I2C block cannot do, so it
//   bit-bangs those on the same pins);
// - RESETS resets the I2C blocks (rp2040js keeps their registers: after
//   i2c_deinit, IC_ENABLE still read 1 and busio.I2C refused the pins as "I2C
//   peripheral in use", which a real RP2040 never says there);
// - the QSPI pads come up input-enabled and high (BOOTSEL is sensed on QSPI_SS at boot;
//   read as pressed, CircuitPython would wait for its release forever);
// - the parts: an SSD1306 decoded into pixels, a LIS3DH, the piezo's PWM decoded into tones.

import fs from 'fs';
import readline from 'readline';
import { pathToFileURL } from 'url';
import { Board } from './board/board.js';
import { FLASH_BYTES, DRIVE_OFFSET, fail, bootromWords, loadUf2, toHex } from './board/flash.js';

// ------------------------------------------------------------------ the rig

// What outlives a power-on: the flash, the firmware, the parts' wiring.
export class Rig {
  constructor() {
    this.config = null;
    this.board = null;
    this.flash = new Uint8Array(FLASH_BYTES).fill(0xff);
    this.bootrom = null;
    this.wallStart = Date.now();
  }

  setup(msg) {
    this.config = msg;
    this.bootrom = bootromWords(fs.readFileSync(msg.bootrom), msg.bootrom);
    if (msg.flash_file && fs.existsSync(msg.flash_file)) {
      const saved = fs.readFileSync(msg.flash_file);
      if (saved.length !== FLASH_BYTES) throw fail(`${msg.flash_file}: not a ${FLASH_BYTES}-byte flash image`);
      this.flash.set(saved, 0);
    }
    if (msg.uf2) loadUf2(this.flash, fs.readFileSync(msg.uf2), msg.uf2);
    if (msg.drive_image) {
      const image = fs.readFileSync(msg.drive_image);
      if (image.length > FLASH_BYTES - DRIVE_OFFSET) throw fail(`${msg.drive_image}: larger than the 1 MiB CIRCUITPY area`);
      this.flash.set(image, DRIVE_OFFSET);
    }
    return {};
  }

  needBoard() {
    if (!this.board) throw fail('the board is off: power_on first');
    return this.board;
  }

  powerOff() {
    if (this.board) this.flash.set(this.board.mcu.flash.subarray(0, FLASH_BYTES), 0);
    this.board = null;
  }

  report(board, extra) {
    const out = Object.assign({
      t: board.clock.nanos / 1e6,
      busy: board.busyNanos / 1e6,
      stop: board.stopReason,
      console: board.console.slice(board.consoleSent),
    }, extra || {});
    if (board.stopDetail) out.detail = board.stopDetail;
    board.consoleSent = board.console.length;
    return out;
  }
}

export const COMMANDS = {
  // {bootrom, uf2?, flash_file?, drive_image?, parts, pull_ups, shake?, still_mg?,
  //  i2c_timing?, vsys_mv?}
  setup(rig, msg) { return rig.setup(msg); },

  // A fresh power-on from the flash as the last power-off (or cut) left it.
  power_on(rig) {
    rig.powerOff();
    rig.board = new Board(rig);
    return { t: 0 };
  },

  power_off(rig) { rig.powerOff(); return {}; },

  // Run {ms} of emulated time, stopping early at {text} on the console (searched from
  // the console position {text_from}, default: what the driver has not seen yet), at
  // {frames} OLED changes since power-on, or when USB {connected}.
  run(rig, msg) {
    const board = rig.needBoard();
    board.until = {
      text: msg.text || null,
      textFrom: msg.text_from !== undefined ? msg.text_from : board.consoleSent,
      frames: msg.frames,
      connected: !!msg.connected && board.connectedAt === null,
    };
    if (msg.connected && board.connectedAt !== null) return rig.report(board, { stop: 'connected' });
    if (msg.text && board.console.indexOf(msg.text, board.until.textFrom) >= 0) {
      return rig.report(board, { stop: 'text' });
    }
    board.run(board.clock.nanos + msg.ms * 1e6);
    board.until = null;
    const out = rig.report(board);
    if (board.stopReason === 'power-cut') rig.powerOff();
    return out;
  },

  // {pin, pressed}: a button from the pin to GND, pressed or let go.
  button(rig, msg) {
    rig.needBoard().setPin(msg.pin, msg.pressed ? false : null);
    return {};
  },

  // {on}: start or stop shaking the accelerometer (the pattern given at setup).
  shake(rig, msg) {
    const board = rig.needBoard();
    board.shake = { on: !!msg.on };
    return {};
  },

  // {text}: typed on the USB console (after connection).
  type(rig, msg) { rig.needBoard().type(msg.text); return {}; },

  // The OLED as shown now: rows of packed bits, hex.
  screen(rig) {
    const board = rig.needBoard();
    const oled = board.oled;
    if (!oled) throw fail('no OLED in this setup');
    return {
      width: oled.width, height: oled.height, on: oled.on, contrast: oled.contrast,
      bits: toHex(oled.packed()), changes: oled.changes, data_bytes: oled.dataBytes,
    };
  },

  // OLED changes and tones since the last call, [ms, ...] each.
  events(rig) {
    const board = rig.needBoard();
    const frames = board.frames.slice(board.framesSent).map(([n, ...rest]) => [n / 1e6, ...rest]);
    board.framesSent = board.frames.length;
    const tones = board.tones.map(([n, hz, duty]) => [n / 1e6, hz, duty]);
    board.tones = [];
    return { frames, tones };
  },

  // {on}: keep the picture of every OLED change from now on (events hands them out).
  capture(rig, msg) { rig.needBoard().capture = !!msg.on; return {}; },

  // {n, kind?, fraction, seed}: cut the power at the nth erase/program (of that kind)
  // touching the nvm sector from now on, `fraction` of the way through it.
  arm_cut(rig, msg) {
    const board = rig.needBoard();
    const fraction = Math.max(0, Math.min(1, Number(msg.fraction)));
    board.cut = { n: msg.n + board.nvmOps.filter((op) => !msg.kind || op.kind === msg.kind).length,
      kind: msg.kind || null, fraction, seed: msg.seed || 1 };
    return {};
  },

  // Erases and programs of the nvm sector since power-on, and flash totals.
  nvm_ops(rig) {
    const board = rig.needBoard();
    return { ops: board.nvmOps.map((op) => ({ kind: op.kind, offset: op.offset, count: op.count, t: op.t / 1e6 })),
      erases: board.flashOps.erases, programs: board.flashOps.programs };
  },

  // {offset, length}: flash bytes (hex) as they are now.
  read_flash(rig, msg) {
    const flash = rig.board ? rig.board.mcu.flash : rig.flash;
    return { hex: Buffer.from(flash.subarray(msg.offset, msg.offset + msg.length)).toString('hex') };
  },

  // {path}: the 2 MiB flash as it is now, to a file.
  save_flash(rig, msg) {
    const flash = rig.board ? rig.board.mcu.flash.subarray(0, FLASH_BYTES) : rig.flash;
    fs.writeFileSync(msg.path, flash);
    return {};
  },

  // {every, caller?}: sample the program counter (or, with caller, the link register:
  // who called a leaf function) every `every` instructions (0 stops).
  pc_sampling(rig, msg) {
    const board = rig.needBoard();
    board.pcSamples = msg.every > 0 ? { every: msg.every, caller: !!msg.caller, counts: new Map() } : null;
    return {};
  },

  pc_samples(rig) {
    const board = rig.needBoard();
    const counts = board.pcSamples ? [...board.pcSamples.counts.entries()] : [];
    if (board.pcSamples) board.pcSamples.counts = new Map();
    return { samples: counts };
  },

  stats(rig) {
    const board = rig.needBoard();
    return {
      t: board.clock.nanos / 1e6, busy: board.busyNanos / 1e6, instructions: board.instructions,
      wall_s: (Date.now() - rig.wallStart) / 1000, connected_at: board.connectedAt === null ? null : board.connectedAt / 1e6,
      i2c: board.i2cStats, flash: board.flashOps, clk_sys: board.mcu.clkSys,
    };
  },

  // The core's state, for finding out why a board stopped.
  core(rig) {
    const board = rig.needBoard();
    const core = board.mcu.core;
    let alarms = 0;
    for (let a = board.clock.nextAlarm; a; a = a.next) alarms++;
    return { pc: core.PC >>> 0, lr: core.LR >>> 0, waiting: core.waiting, primask: core.PM,
      pending: core.pendingInterrupts >>> 0, enabled: core.enabledInterrupts >>> 0,
      alarms, next_alarm_ns: board.clock.nanosToNextAlarm };
  },

  quit(rig) { rig.powerOff(); return { bye: true }; },
};

function serve() {
  const rig = new Rig();
  const lines = readline.createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    let reply;
    try {
      const msg = JSON.parse(line);
      const command = COMMANDS[msg.cmd];
      if (!command) throw fail(`unknown command ${JSON.stringify(msg.cmd)}`);
      reply = Object.assign({ ok: true }, command(rig, msg));
    } catch (error) {
      reply = { ok: false, error: error.userFacing ? error.message : String(error.stack || error) };
    }
    process.stdout.write(JSON.stringify(reply) + '\n');
    if (reply.bye) process.exit(0);
  });
  lines.on('close', () => process.exit(0));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) serve();

