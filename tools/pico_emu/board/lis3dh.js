// The accelerometer on I2C. Shared by the Node harness and the web page (no Node APIs).

// ST LIS3DH (DocID17530): WHO_AM_I, the control registers, STATUS and OUT_X/Y/Z, with
// the output scaled to the full scale and resolution the driver set in CTRL_REG1/4.
export class Lis3dh {
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
