// The Pico's 2 MB flash as the firmware sees it, what rp2040js lacks to write it, and
// the UF2 that fills it. Shared by the Node harness and the web page (no Node APIs).

export const FLASH_BASE = 0x10000000;
export const FLASH_BYTES = 2 * 1024 * 1024;       // the Pico's W25Q16JV
export const SECTOR = 4096;
export const NVM_OFFSET = 0xff000;                // microcontroller.nvm: one sector below CIRCUITPY
export const DRIVE_OFFSET = 0x100000;             // CIRCUITPY: the second MiB
export const BOOTROM_BYTES = 16384;
export const BKPT_ERASE = 0x51;
export const BKPT_PROGRAM = 0x52;

// An error whose message is for the user (no stack trace in the reply).
export function fail(message) {
  const error = new Error(message);
  error.userFacing = true;
  return error;
}

// xorshift32: the "unknown" bits a power cut leaves, the same for the same seed.
export function bitNoise(seed) {
  let state = (seed >>> 0) || 0x9e3779b9;
  return function next() {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state;
  };
}

// A byte whose bits are each set with probability `share` (0..1).
export function randomMask(next, share) {
  let mask = 0;
  const limit = Math.floor(share * 0x100000000);
  for (let bit = 0; bit < 8; bit++) {
    if (next() < limit) mask |= 1 << bit;
  }
  return mask;
}

// The 16 KB boot ROM's bytes as the words rp2040js loads.
export function bootromWords(bytes, name) {
  if (bytes.length !== BOOTROM_BYTES) {
    throw fail(`${name}: a boot ROM has ${BOOTROM_BYTES} bytes, not ${bytes.length}`);
  }
  return new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

// Write a UF2's main-flash blocks into `flash` (offsets from FLASH_BASE); only the
// firmware's part of the flash, below CIRCUITPY, may be written.
export function loadUf2(flash, uf2, name) {
  const view = new DataView(uf2.buffer, uf2.byteOffset, uf2.byteLength);
  let blocks = 0;
  for (let at = 0; at + 512 <= uf2.length; at += 512) {
    const word = (k) => view.getUint32(at + k, true);
    if (word(0) !== 0x0a324655 || word(4) !== 0x9e5d5157 || word(508) !== 0x0ab16f30) {
      throw fail(`${name}: not a UF2 file (block at ${at})`);
    }
    if (word(8) & 1) continue;                          // "not main flash"
    const address = word(12), size = word(16);
    if (address < FLASH_BASE || address + size > FLASH_BASE + DRIVE_OFFSET) {
      throw fail(`${name}: a block at 0x${address.toString(16)} lies outside the firmware's flash`);
    }
    flash.set(uf2.subarray(at + 32, at + 32 + size), address - FLASH_BASE);
    blocks++;
  }
  if (!blocks) throw fail(`${name}: no flash blocks in this UF2`);
}

// "BKPT #n; BX LR" at the start of the ROM's erase and program routines ('RE', 'RP' in
// the ROM's function table): the board acts on its flash array at those breakpoints.
export function patchFlashRoutines(bootrom) {
  const rom = new DataView(bootrom.buffer);
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

export function toHex(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  return out;
}
