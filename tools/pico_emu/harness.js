#!/usr/bin/env node
// The emulated Pico: CircuitPython's own firmware in rp2040js, with the handheld's parts
// on their pins. Driven over stdin/stdout by tools/pico_emu/__init__.py, one JSON object
// a line each way (the commands are listed at `COMMANDS` below; README.md has the why).
//
// What rp2040js lacks and this file adds (facts from running CircuitPython 10.2.1):
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
'use strict';

const fs = require('fs');
const readline = require('readline');
const { Simulator, USBCDC, GPIOPinState, ConsoleLogger, LogLevel, RPI2C } = require('rp2040js');

const FLASH_BASE = 0x10000000;
const FLASH_BYTES = 2 * 1024 * 1024;       // the Pico's W25Q16JV
const SECTOR = 4096;
const NVM_OFFSET = 0xff000;                // microcontroller.nvm: one sector below CIRCUITPY
const DRIVE_OFFSET = 0x100000;             // CIRCUITPY: the second MiB
const NS_PER_CYCLE = 8;                    // rp2040js counts 125 MHz cycles
const FUNC_SIO = 5;
const FUNC_PWM = 4;
const BKPT_ERASE = 0x51;
const BKPT_PROGRAM = 0x52;

function fail(message) {
  const error = new Error(message);
  error.userFacing = true;
  return error;
}

// ------------------------------------------------------------------ pseudo-random bits

// xorshift32: the "unknown" bits a power cut leaves, the same for the same seed.
function bitNoise(seed) {
  let state = (seed >>> 0) || 0x9e3779b9;
  return function next() {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state;
  };
}

// A byte whose bits are each set with probability `share` (0..1).
function randomMask(next, share) {
  let mask = 0;
  const limit = Math.floor(share * 0x100000000);
  for (let bit = 0; bit < 8; bit++) {
    if (next() < limit) mask |= 1 << bit;
  }
  return mask;
}

// ------------------------------------------------------------------ SSD1306

// Arguments that follow each command byte (SSD1306 datasheet, command table).
const SSD1306_ARGS = new Map([
  [0x20, 1], [0x21, 2], [0x22, 2], [0x26, 6], [0x27, 6], [0x29, 5], [0x2a, 5], [0x81, 1],
  [0x8d, 1], [0xa3, 2], [0xa8, 1], [0xd3, 1], [0xd5, 1], [0xd9, 1], [0xda, 1], [0xdb, 1],
]);

class Ssd1306 {
  constructor(width, height) {
    this.width = width;
    this.height = height;
    this.gram = new Uint8Array(128 * 8);     // the controller's RAM: 8 pages of 128 columns
    this.on = false;                         // AE/AF
    this.inverse = false;                    // A6/A7
    this.segRemap = false;                   // A0/A1
    this.comReverse = false;                 // C0/C8
    this.startLine = 0;
    this.displayOffset = 0;
    this.mux = 64;
    this.contrast = 0x7f;
    this.mode = 2;                           // page addressing after reset
    this.column = 0; this.page = 0;
    this.colLow = 0; this.colHigh = 127; this.pageLow = 0; this.pageHigh = 7;
    this.pending = null;                     // a command waiting for its arguments
    this.control = true;                     // next byte of a transfer is a control byte
    this.continuation = false;
    this.dataMode = false;
    this.changes = 0;                        // transfers that changed RAM or state
    this.dirty = false;
    this.dataBytes = 0;
  }

  start() { this.control = true; }

  write(byte) {
    if (this.control) {
      this.continuation = (byte & 0x80) !== 0;   // Co: one byte, then a control byte again
      this.dataMode = (byte & 0x40) !== 0;        // D/C#
      this.control = false;
      return true;
    }
    if (this.dataMode) this.data(byte); else this.command(byte);
    if (this.continuation) this.control = true;
    return true;
  }

  stop() {
    if (this.dirty) { this.changes++; this.dirty = false; }
  }

  command(byte) {
    if (this.pending) {
      this.pending.args.push(byte);
      if (this.pending.args.length === this.pending.need) {
        const { op, args } = this.pending;
        this.pending = null;
        this.execute(op, args);
      }
      return;
    }
    const need = SSD1306_ARGS.get(byte) || 0;
    if (need) this.pending = { op: byte, args: [], need };
    else this.execute(byte, []);
  }

  execute(op, args) {
    const before = this.stateKey();
    if (op <= 0x0f) this.column = (this.column & 0xf0) | op;
    else if (op <= 0x1f) this.column = (this.column & 0x0f) | ((op & 0x0f) << 4);
    else if (op === 0x20) this.mode = args[0] & 3;
    else if (op === 0x21) { this.colLow = args[0] & 127; this.colHigh = args[1] & 127; this.column = this.colLow; }
    else if (op === 0x22) { this.pageLow = args[0] & 7; this.pageHigh = args[1] & 7; this.page = this.pageLow; }
    else if (op >= 0x40 && op <= 0x7f) this.startLine = op & 63;
    else if (op === 0x81) this.contrast = args[0];
    else if (op === 0xa0 || op === 0xa1) this.segRemap = op === 0xa1;
    else if (op === 0xa6 || op === 0xa7) this.inverse = op === 0xa7;
    else if (op === 0xa8) this.mux = (args[0] & 63) + 1;
    else if (op === 0xae || op === 0xaf) this.on = op === 0xaf;
    else if (op >= 0xb0 && op <= 0xb7) this.page = op & 7;
    else if (op === 0xc0 || op === 0xc8) this.comReverse = op === 0xc8;
    else if (op === 0xd3) this.displayOffset = args[0] & 63;
    if (this.stateKey() !== before) this.dirty = true;
  }

  stateKey() {
    return `${this.on}${this.inverse}${this.segRemap}${this.comReverse}${this.startLine}` +
      `${this.displayOffset}${this.mux}`;
  }

  data(byte) {
    const at = this.page * 128 + this.column;
    if (this.gram[at] !== byte) { this.gram[at] = byte; this.dirty = true; }
    this.dataBytes++;
    if (this.mode === 0) {                  // horizontal: across, then the next page
      if (this.column >= this.colHigh) {
        this.column = this.colLow;
        this.page = this.page >= this.pageHigh ? this.pageLow : this.page + 1;
      } else this.column++;
    } else if (this.mode === 1) {           // vertical: down, then the next column
      if (this.page >= this.pageHigh) {
        this.page = this.pageLow;
        this.column = this.column >= this.colHigh ? this.colLow : this.column + 1;
      } else this.page++;
    } else if (this.column < 127) this.column++;
  }

  // The panel as a viewer sees it, rows of packed bits (MSB = leftmost pixel), the way a
  // module wired like Adafruit's shows the picture upright with A1 and C8. Dark when off.
  packed() {
    const rowBytes = this.width >> 3;
    const out = Buffer.alloc(rowBytes * this.height);
    if (!this.on) return out;
    for (let y = 0; y < this.height; y++) {
      const scan = this.comReverse ? y : this.mux - 1 - y;
      const line = (scan + this.startLine + this.displayOffset) & 63;
      const page = line >> 3, bit = line & 7;
      for (let x = 0; x < this.width; x++) {
        const column = this.segRemap ? x : 127 - x;
        let lit = (this.gram[page * 128 + column] >> bit) & 1;
        if (this.inverse) lit ^= 1;
        if (lit) out[y * rowBytes + (x >> 3)] |= 0x80 >> (x & 7);
      }
    }
    return out;
  }
}

// ------------------------------------------------------------------ LIS3DH

// ST LIS3DH (DocID17530): WHO_AM_I, the control registers, STATUS and OUT_X/Y/Z, with
// the output scaled to the full scale and resolution the driver set in CTRL_REG1/4.
class Lis3dh {
  constructor(board) {
    this.board = board;
    this.regs = new Uint8Array(0x40);
    this.regs[0x0f] = 0x33;                 // WHO_AM_I
    this.regs[0x20] = 0x07;                 // CTRL_REG1 reset value
    this.pointer = 0;
    this.increment = false;
    this.first = true;
  }

  start() { this.first = true; }

  write(byte) {
    if (this.first) {
      this.pointer = byte & 0x7f;
      this.increment = (byte & 0x80) !== 0;
      this.first = false;
      return true;
    }
    const reg = this.pointer & 0x3f;
    if (reg >= 0x1e && reg <= 0x3f && reg !== 0x27 && !(reg >= 0x28 && reg <= 0x2d)) this.regs[reg] = byte;
    if (this.increment) this.pointer++;
    return true;
  }

  read() {
    const reg = this.pointer & 0x3f;
    let value = this.regs[reg];
    if (reg === 0x27) value = 0x0f;         // STATUS_REG: new X, Y, Z data
    else if (reg >= 0x28 && reg <= 0x2d) value = this.output(reg);
    if (this.increment) this.pointer++;
    return value;
  }

  stop() {}

  // milli-g per step and the left shift of a 16-bit output word
  scale() {
    const fullScale = (this.regs[0x23] >> 4) & 3;
    const highRes = (this.regs[0x23] & 0x08) !== 0;
    const lowPower = (this.regs[0x20] & 0x08) !== 0;
    if (lowPower) return { mg: [16, 32, 64, 192][fullScale], shift: 8 };
    if (highRes) return { mg: [1, 2, 4, 12][fullScale], shift: 4 };
    return { mg: [4, 8, 16, 48][fullScale], shift: 6 };
  }

  output(reg) {
    const axis = (reg - 0x28) >> 1;
    const mg = this.board.acceleration()[axis];
    const { mg: step, shift } = this.scale();
    const bits = 16 - shift;
    const limit = (1 << (bits - 1)) - 1;
    const counts = Math.max(-limit - 1, Math.min(limit, Math.round(mg / step)));
    const word = (counts << shift) & 0xffff;
    return (reg & 1) ? word >> 8 : word & 0xff;
  }
}

// ------------------------------------------------------------------ one power-on

class Board {
  constructor(rig) {
    this.rig = rig;
    const config = rig.config;
    this.sim = new Simulator();
    const mcu = this.mcu = this.sim.rp2040;
    this.clock = this.sim.clock;
    mcu.logger = new ConsoleLogger(LogLevel.Error);
    mcu.loadBootrom(rig.bootrom);
    this.romFunctions = this.patchFlashRoutines();
    mcu.flash.set(rig.flash, 0);
    mcu.onBreak = (code) => this.onBreak(code);

    this.instructions = 0;
    this.busyNanos = 0;          // time spent executing (not waiting for an interrupt)
    this.stopReason = null;
    this.until = null;
    this.console = '';
    this.consoleSent = 0;        // console characters already handed to the driver
    this.connectedAt = null;
    this.typed = [];
    this.nvmOps = [];            // every erase/program that touched the nvm sector
    this.flashOps = { erases: 0, programs: 0 };
    this.tones = [];
    this.lastTone = null;
    this.frames = [];            // [nanos, changes, busy ms(, picture)] of each OLED change
    this.lastOledChanges = 0;
    this.framesSent = 0;
    this.cut = null;             // the armed power cut
    this.pcSamples = null;
    this.capture = false;        // keep each OLED change's picture

    // VSYS through the Pico's 200k/100k divider on ADC3 (GP29), 12-bit of 3.3 V; 0
    // (rp2040js's idle ADC) unless the driver gave a supply.
    if (config.vsys_mv) mcu.adc.channelValues[3] = Math.min(4095, Math.floor(config.vsys_mv * 4095 / (3 * 3300)));
    this.setupPins(config);
    this.setupParts(config);
    this.setupResets();
    this.setupConsole();
    this.setupPwm(config);
    mcu.core.PC = FLASH_BASE;   // straight into boot2, as the boot ROM would (its SSI reads cannot)
  }

  // "BKPT #n; BX LR" at the start of the ROM's erase and program routines.
  patchFlashRoutines() {
    const rom = new DataView(this.mcu.bootrom.buffer);
    const found = {};
    for (let entry = rom.getUint16(0x14, true); ; entry += 4) {
      const code = rom.getUint16(entry, true);
      if (!code) break;
      found[String.fromCharCode(code & 0xff, code >> 8)] = rom.getUint16(entry + 2, true);
    }
    for (const [name, imm] of [['RE', BKPT_ERASE], ['RP', BKPT_PROGRAM]]) {
      if (!found[name]) throw fail(`boot ROM has no ${name} routine: not an RP2040 B1 boot ROM?`);
      const at = found[name] & ~1;
      rom.setUint16(at, 0xbe00 | imm, true);
      rom.setUint16(at + 2, 0x4770, true);
    }
    return found;
  }

  // -------------------------------------------------------------- flash

  onBreak(code) {
    const r = this.mcu.core.registers;
    if (code === BKPT_ERASE) this.erase(r[0] >>> 0, r[1] >>> 0);
    else if (code === BKPT_PROGRAM) this.program(r[0] >>> 0, r[1] >>> 0, r[2] >>> 0);
    else this.halt('bkpt', `BKPT #${code} at 0x${(this.mcu.core.PC >>> 0).toString(16)}`);
  }

  touchesNvm(offset, count) {
    return offset < NVM_OFFSET + SECTOR && offset + count > NVM_OFFSET;
  }

  // The armed cut, when this operation is the one it waits for.
  cutNow(kind, offset, count) {
    if (!this.touchesNvm(offset, count)) return null;
    this.nvmOps.push({ kind, offset, count, t: this.clock.nanos });
    const cut = this.cut;
    if (!cut) return null;
    const index = this.nvmOps.filter((op) => !cut.kind || op.kind === cut.kind).length;
    if ((cut.kind && cut.kind !== kind) || index !== cut.n) return null;
    this.cut = null;
    return cut;
  }

  erase(offset, count) {
    const flash = this.mcu.flash;
    const start = offset & ~(SECTOR - 1);
    const end = Math.min(FLASH_BYTES, (offset + count + SECTOR - 1) & ~(SECTOR - 1));
    this.flashOps.erases++;
    const cut = this.cutNow('erase', start, end - start);
    if (!cut) { flash.fill(0xff, start, end); return; }
    // Cut mid-erase: each bit of the sector already erased (1) with probability
    // `fraction`, else still what it was; nothing after this instant happens.
    const next = bitNoise(cut.seed);
    for (let at = start; at < end; at++) flash[at] |= randomMask(next, cut.fraction);
    this.halt('power-cut', `during erase of 0x${start.toString(16)}+${end - start}`);
  }

  program(offset, source, count) {
    const flash = this.mcu.flash;
    const mcu = this.mcu;
    this.flashOps.programs++;
    const cut = this.cutNow('program', offset, count);
    let done = count;
    if (cut) done = Math.floor(cut.fraction * count);
    for (let i = 0; i < done && offset + i < FLASH_BYTES; i++) {
      flash[offset + i] &= mcu.readUint8(source + i);       // NOR flash: only clears bits
    }
    if (!cut) return;
    if (done < count) {
      // the byte being programmed when the power went: some of its 0 bits made it
      const next = bitNoise(cut.seed);
      const want = mcu.readUint8(source + done);
      flash[offset + done] &= ~(~want & randomMask(next, 0.5)) & 0xff;
    }
    this.halt('power-cut', `after ${done} of ${count} bytes programmed at 0x${offset.toString(16)}`);
  }

  // -------------------------------------------------------------- pins

  setupPins(config) {
    const mcu = this.mcu;
    this.forced = new Array(30).fill(null);     // the outside world drives the pin
    this.pulledUp = new Array(30).fill(false);  // a resistor to 3V3 on the board
    this.ackLow = new Array(30).fill(false);    // an I2C target holding SDA low
    this.level = new Array(30).fill(false);
    for (const pin of config.pull_ups || []) this.pulledUp[pin] = true;
    for (let i = 0; i < 30; i++) {
      this.refreshPin(i);
      mcu.gpio[i].addListener(() => this.pinMoved(i));
    }
    for (const q of mcu.qspi) { q.padValue |= 0x40; q.setInputValue(true); }
  }

  levelOf(i) {
    const state = this.mcu.gpio[i].value;
    if (state === GPIOPinState.Low) return false;
    if (state === GPIOPinState.High) return true;
    if (this.ackLow[i]) return false;
    if (this.forced[i] !== null) return this.forced[i];
    if (this.pulledUp[i]) return true;
    if (state === GPIOPinState.InputPullUp) return true;
    if (state === GPIOPinState.InputPullDown) return false;
    return this.level[i];                    // floating or bus keeper: stays where it was
  }

  refreshPin(i) {
    const level = this.levelOf(i);
    const moved = level !== this.level[i];
    this.level[i] = level;
    this.mcu.gpio[i].setInputValue(level);
    return moved;
  }

  pinMoved(i) {
    const bus = this.bitBang;
    const sda = bus ? this.level[bus.sda] : false;
    const scl = bus ? this.level[bus.scl] : false;
    if (this.refreshPin(i) && bus && (i === bus.sda || i === bus.scl)) this.bitBangEdge(sda, scl);
  }

  setPin(pin, level) {
    this.forced[pin] = level;
    this.refreshPin(pin);
  }

  // -------------------------------------------------------------- I2C

  setupParts(config) {
    const parts = config.parts || {};
    this.targets = new Map();
    this.oled = null;
    if (parts.oled) {
      this.oled = new Ssd1306(parts.oled.width, parts.oled.height);
      this.targets.set(parts.oled.address, this.oled);
    }
    if (parts.accel) this.targets.set(parts.accel.address, new Lis3dh(this));
    this.shake = { on: false, since: 0 };
    this.still = config.still_mg || [0, 0, 1000];
    this.shakePattern = config.shake || { period_ms: 100, strong_mg: 2500, weak_mg: 1100 };
    this.i2cStats = { transfers: 0, nacks: 0, probes: 0, bytes: 0 };
    if (parts.i2c) {
      const { sda, scl } = parts.i2c;
      // I2C0 on GP0/1, 4/5, 8/9 ...; I2C1 on GP2/3, 6/7, 10/11 ...
      const unit = (sda >> 1) & 1;
      this.hookI2c(this.mcu.i2c[unit]);
      this.bitBang = { sda, scl, state: 'idle', bits: 0, byte: 0, acking: false, target: null };
    } else this.bitBang = null;
  }

  acceleration() {
    if (!this.shake.on) return this.still;
    const p = this.shakePattern;
    const ms = Math.floor(this.clock.nanos / 1e6);
    const strong = (ms % p.period_ms) * 2 < p.period_ms;
    return [strong ? p.strong_mg : p.weak_mg, this.still[1], this.still[2]];
  }

  // With bus timing, each step completes after the time its bits take on the wire at
  // the SCL rate the registers set (9 clocks a byte with its ACK, one for a START or
  // STOP), so the CPU waits for the bus as on a board; without it, at once.
  hookI2c(i2c) {
    let target = null;
    const timed = !!this.rig.config.i2c_timing;
    const clockNs = () => 1e9 * (i2c.sclHighPeriod + i2c.sclLowPeriod) / this.mcu.clkSys;
    const later = (clocks, done) => {
      if (timed) this.clock.createAlarm(done).schedule(clocks * clockNs());
      else done();
    };
    i2c.onStart = () => later(1, () => i2c.completeStart());
    i2c.onConnect = (address, mode) => {
      target = this.targets.get(address) || null;
      this.i2cStats.transfers++;
      if (!target) { this.i2cStats.nacks++; later(9, () => i2c.completeConnect(false)); return; }
      if (mode === 0) target.start();
      later(9, () => i2c.completeConnect(true));
    };
    i2c.onWriteByte = (value) => {
      this.i2cStats.bytes++;
      const ack = target.write(value);
      later(9, () => i2c.completeWrite(ack));
    };
    i2c.onReadByte = () => {
      this.i2cStats.bytes++;
      const value = target.read ? target.read() : 0xff;
      later(9, () => i2c.completeRead(value));
    };
    i2c.onStop = () => {
      if (target) { target.stop(); this.afterTransfer(target); }
      target = null;
      later(1, () => i2c.completeStop());
    };
  }

  afterTransfer(target) {
    if (target === this.oled && this.oled.changes !== this.lastOledChanges) {
      this.lastOledChanges = this.oled.changes;
      const frame = [this.clock.nanos, this.oled.changes, this.busyNanos / 1e6];
      if (this.capture) frame.push(this.oled.packed().toString('hex'));
      this.frames.push(frame);
      if (this.until && this.until.frames !== undefined && this.frames.length >= this.until.frames) {
        this.halt('frame');
      }
    }
  }

  // A bit-banged transfer on the same pins (SIO function): START, address, ACK, STOP.
  // Only write transfers are needed: they are CircuitPython's zero-length probes.
  bitBangEdge(sdaBefore, sclBefore) {
    const bus = this.bitBang;
    const gpio = this.mcu.gpio;
    if (gpio[bus.sda].functionSelect !== FUNC_SIO && gpio[bus.scl].functionSelect !== FUNC_SIO) return;
    const sda = this.level[bus.sda], scl = this.level[bus.scl];
    if (scl && sclBefore && sda !== sdaBefore) {
      if (!sda) Object.assign(bus, { state: 'address', bits: 0, byte: 0, acking: false });
      else {
        bus.state = 'idle';
        if (bus.target && bus.target.stop) bus.target.stop();
        bus.target = null;
        this.releaseAck();
      }
      return;
    }
    if (bus.state === 'idle') return;
    if (scl && !sclBefore && bus.bits < 8 && !bus.acking) {
      bus.byte = (bus.byte << 1) | (sda ? 1 : 0);
      bus.bits++;
    } else if (!scl && sclBefore) {
      if (bus.acking) {
        bus.acking = false; bus.bits = 0; bus.byte = 0;
        this.releaseAck();
      } else if (bus.bits === 8) {
        let ack = false;
        if (bus.state === 'address') {
          const target = this.targets.get(bus.byte >> 1) || null;
          this.i2cStats.probes++;
          ack = target !== null && !(bus.byte & 1);
          if (!target) this.i2cStats.nacks++;
          bus.target = ack ? target : null;
          if (ack) target.start();
          bus.state = ack ? 'data' : 'ignored';
        } else if (bus.state === 'data') ack = bus.target.write(bus.byte);
        bus.acking = true;
        if (ack) { this.ackLow[bus.sda] = true; this.refreshPin(bus.sda); }
      }
    }
  }

  releaseAck() {
    const sda = this.bitBang.sda;
    if (this.ackLow[sda]) { this.ackLow[sda] = false; this.refreshPin(sda); }
  }

  // -------------------------------------------------------------- block resets

  setupResets() {
    const RESETS_BASE = 0x4000c000;
    const I2C_BITS = [1 << 3, 1 << 4];           // RESETS bits of I2C0 and I2C1
    const mcu = this.mcu;
    const resets = mcu.findPeripheral(RESETS_BASE);
    const original = resets.writeUint32.bind(resets);
    resets.writeUint32 = (offset, value) => {
      const before = resets.reset;
      original(offset, value);
      if (offset !== 0) return;
      I2C_BITS.forEach((bit, unit) => {
        if ((resets.reset & bit) && !(before & bit)) this.resetI2c(unit);
      });
    };
  }

  // The registers a block reset clears, from a fresh RPI2C; the hooks stay.
  resetI2c(unit) {
    const i2c = this.mcu.i2c[unit];
    const hooks = ['onStart', 'onConnect', 'onWriteByte', 'onReadByte', 'onStop'];
    const kept = hooks.map((name) => i2c[name]);
    Object.assign(i2c, new RPI2C(this.mcu, i2c.name, i2c.irq));
    hooks.forEach((name, k) => { i2c[name] = kept[k]; });
    i2c.checkInterrupts();
  }

  // -------------------------------------------------------------- piezo

  setupPwm(config) {
    const pin = config.parts && config.parts.piezo;
    if (pin === undefined || pin === null) return;
    const pwm = this.mcu.pwm;
    const original = pwm.writeUint32.bind(pwm);
    pwm.writeUint32 = (offset, value) => {
      original(offset, value);
      this.noteTone(pin);
    };
  }

  // Frequency and duty of the pin's PWM channel as the registers set them.
  noteTone(pin) {
    const mcu = this.mcu;
    const channel = mcu.pwm.channels[(pin >> 1) & 7];
    const b = pin & 1;
    let tone = { hz: 0, duty: 0 };
    if (mcu.gpio[pin].functionSelect === FUNC_PWM && channel.csr & 1) {
      const divider = ((channel.div >> 4) & 0xff || 256) + (channel.div & 0xf) / 16;
      const period = (channel.top + 1) * (channel.csr & 2 ? 2 : 1);
      const level = b ? channel.cc >>> 16 : channel.cc & 0xffff;
      const duty = Math.min(1, level / (channel.top + 1));
      if (duty > 0) tone = { hz: Math.round(mcu.clkSys / divider / period), duty: Math.round(duty * 1000) / 1000 };
    }
    const last = this.lastTone;
    if (last && last.hz === tone.hz && last.duty === tone.duty) return;
    if (!last && tone.hz === 0) return;
    this.lastTone = tone;
    this.tones.push([this.clock.nanos, tone.hz, tone.duty]);
  }

  // -------------------------------------------------------------- console

  setupConsole() {
    const cdc = this.cdc = new USBCDC(this.mcu.usbCtrl);
    cdc.onDeviceConnected = () => {
      this.connectedAt = this.clock.nanos;
      if (this.until && this.until.connected) this.halt('connected');
    };
    // rp2040js's host answers every OUT buffer the device offers at once, with zero
    // bytes when nothing was typed, and the device offers the next one at once: the
    // CPU would spend most of its time passing empty packets. A real host sends
    // nothing until there is something to send: so does this one.
    const usb = this.mcu.usbCtrl;
    this.hostRead = usb.onEndpointRead;
    this.waitingReads = new Map();
    usb.onEndpointRead = (endpoint, size) => {
      if (cdc.txFIFO.empty) this.waitingReads.set(endpoint, size);
      else this.hostRead(endpoint, size);
    };
    cdc.onSerialData = (bytes) => {
      this.console += Buffer.from(bytes).toString('latin1');
      const want = this.until && this.until.text;
      if (want && this.console.indexOf(want, this.until.textFrom) >= 0) this.halt('text');
    };
  }

  type(text) {
    for (const ch of Buffer.from(text, 'latin1')) this.typed.push(ch);
  }

  feedConsole() {
    const fifo = this.cdc.txFIFO;
    while (this.typed.length && !fifo.full) this.cdc.sendSerialByte(this.typed.shift());
    if (!fifo.empty && this.waitingReads.size) {
      const reads = [...this.waitingReads];
      this.waitingReads.clear();
      for (const [endpoint, size] of reads) this.hostRead(endpoint, size);
    }
  }

  // -------------------------------------------------------------- running

  halt(reason, detail) {
    if (!this.stopReason) { this.stopReason = reason; this.stopDetail = detail || null; }
  }

  // Run until `limit` ns of emulated time or until a stop condition halts it.
  run(limit) {
    const core = this.mcu.core;
    const clock = this.clock;
    const pcs = this.pcSamples;
    let sampleIn = pcs ? pcs.every : 0;
    this.stopReason = null;
    while (!this.stopReason && clock.nanos < limit) {
      this.feedConsole();
      for (let burst = 0; burst < 20000 && !this.stopReason; burst++) {
        if (core.waiting && ((core.pendingInterrupts & core.enabledInterrupts) || core.pendingSystick)) {
          // WFI wakes on a pending enabled interrupt even when PRIMASK keeps it from
          // being taken (ARMv6-M); rp2040js wakes only as an interrupt becomes
          // pending, so one that came between CPSID and WFI (CircuitPython's
          // port_idle_until_interrupt) would leave the core asleep for good.
          core.waiting = false;
        }
        if (core.waiting) {
          const next = clock.nanosToNextAlarm;
          const room = limit - clock.nanos;
          if (room <= 0) break;
          clock.tick(next > 0 && next < room ? next : room);
          continue;
        }
        if (pcs && --sampleIn <= 0) {
          sampleIn = pcs.every;
          const pc = (pcs.caller ? core.LR & ~1 : core.PC) >>> 0;
          pcs.counts.set(pc, (pcs.counts.get(pc) || 0) + 1);
        }
        const nanos = core.executeInstruction() * NS_PER_CYCLE;
        this.instructions++;
        this.busyNanos += nanos;
        clock.tick(nanos);
        if (clock.nanos >= limit) break;
      }
    }
    if (!this.stopReason) this.stopReason = 'time';
  }

  // Run `fn` after `ms` of emulated time (a button release, the end of a shake).
  after(ms, fn) {
    this.clock.createAlarm(fn).schedule(ms * 1e6);
  }
}

// ------------------------------------------------------------------ the rig

// What outlives a power-on: the flash, the firmware, the parts' wiring.
class Rig {
  constructor() {
    this.config = null;
    this.board = null;
    this.flash = new Uint8Array(FLASH_BYTES).fill(0xff);
    this.bootrom = null;
    this.wallStart = Date.now();
  }

  setup(msg) {
    this.config = msg;
    const rom = fs.readFileSync(msg.bootrom);
    if (rom.length !== 16384) throw fail(`${msg.bootrom}: a boot ROM has 16384 bytes, not ${rom.length}`);
    this.bootrom = new Uint32Array(rom.buffer.slice(rom.byteOffset, rom.byteOffset + rom.length));
    if (msg.flash_file && fs.existsSync(msg.flash_file)) {
      const saved = fs.readFileSync(msg.flash_file);
      if (saved.length !== FLASH_BYTES) throw fail(`${msg.flash_file}: not a ${FLASH_BYTES}-byte flash image`);
      this.flash.set(saved, 0);
    }
    if (msg.uf2) this.loadUf2(msg.uf2);
    if (msg.drive_image) {
      const image = fs.readFileSync(msg.drive_image);
      if (image.length > FLASH_BYTES - DRIVE_OFFSET) throw fail(`${msg.drive_image}: larger than the 1 MiB CIRCUITPY area`);
      this.flash.set(image, DRIVE_OFFSET);
    }
    return {};
  }

  loadUf2(path) {
    const uf2 = fs.readFileSync(path);
    let blocks = 0;
    for (let at = 0; at + 512 <= uf2.length; at += 512) {
      const block = uf2.subarray(at, at + 512);
      if (block.readUInt32LE(0) !== 0x0a324655 || block.readUInt32LE(4) !== 0x9e5d5157 ||
          block.readUInt32LE(508) !== 0x0ab16f30) throw fail(`${path}: not a UF2 file (block at ${at})`);
      if (block.readUInt32LE(8) & 1) continue;             // "not main flash"
      const address = block.readUInt32LE(12), size = block.readUInt32LE(16);
      if (address < FLASH_BASE || address + size > FLASH_BASE + DRIVE_OFFSET) {
        throw fail(`${path}: a block at 0x${address.toString(16)} lies outside the firmware's flash`);
      }
      this.flash.set(block.subarray(32, 32 + size), address - FLASH_BASE);
      blocks++;
    }
    if (!blocks) throw fail(`${path}: no flash blocks in this UF2`);
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

const COMMANDS = {
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
      bits: oled.packed().toString('hex'), changes: oled.changes, data_bytes: oled.dataBytes,
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

if (require.main === module) serve();

module.exports = { Ssd1306, Lis3dh, Board, Rig, COMMANDS };
