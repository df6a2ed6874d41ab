// The SSD1306 OLED controller on I2C: its commands and data decoded into the picture
// the panel shows. Shared by the Node harness and the web page (no Node APIs).

// Arguments that follow each command byte (SSD1306 datasheet, command table).
export const SSD1306_ARGS = new Map([
  [0x20, 1], [0x21, 2], [0x22, 2], [0x26, 6], [0x27, 6], [0x29, 5], [0x2a, 5], [0x81, 1],
  [0x8d, 1], [0xa3, 2], [0xa8, 1], [0xd3, 1], [0xd5, 1], [0xd9, 1], [0xda, 1], [0xdb, 1],
]);

export class Ssd1306 {
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
    const out = new Uint8Array(rowBytes * this.height);
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
