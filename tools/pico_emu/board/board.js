// One power-on of the emulated Pico: rp2040js's RP2040 with what it lacks (see
// ../README.md) and the handheld's parts on their pins. Shared by the Node harness
// (../harness.js) and the web page (web/): no Node APIs here.
//
// new Board({config, bootrom, flash}): config is the harness's setup message (parts,
// pull_ups, shake, still_mg, i2c_timing, vsys_mv), bootrom the 16 KB ROM's words,
// flash the 2 MB the board starts from (copied in).

import { Simulator, USBCDC, GPIOPinState, ConsoleLogger, LogLevel, RPI2C } from 'rp2040js';
import { FLASH_BASE, FLASH_BYTES, SECTOR, NVM_OFFSET, BKPT_ERASE, BKPT_PROGRAM,
  bitNoise, randomMask, patchFlashRoutines, toHex } from './flash.js';
import { Ssd1306 } from './ssd1306.js';
import { Lis3dh } from './lis3dh.js';
import { pwmTone } from './piezo.js';

export const NS_PER_CYCLE = 8;                    // rp2040js counts 125 MHz cycles
const FUNC_SIO = 5;

export class Board {
  constructor(rig) {
    this.rig = rig;
    const config = rig.config;
    this.sim = new Simulator();
    const mcu = this.mcu = this.sim.rp2040;
    this.clock = this.sim.clock;
    mcu.logger = new ConsoleLogger(LogLevel.Error);
    mcu.loadBootrom(rig.bootrom);
    this.romFunctions = patchFlashRoutines(mcu.bootrom);
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
      if (this.capture) frame.push(toHex(this.oled.packed()));
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

  // The tone the pin's PWM channel makes now (piezo.js), logged when it changes.
  noteTone(pin) {
    const tone = pwmTone(this.mcu, pin);
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
      for (const byte of bytes) this.console += String.fromCharCode(byte);
      const want = this.until && this.until.text;
      if (want && this.console.indexOf(want, this.until.textFrom) >= 0) this.halt('text');
    };
  }

  type(text) {
    for (let i = 0; i < text.length; i++) this.typed.push(text.charCodeAt(i) & 0xff);
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
