// The page: the handheld drawn around the emulated board (worker.js), its buttons on
// the mouse, touch and keyboard, the piezo through Web Audio. config.json (written by
// `python -m tools.web build`) says where every button sits and which key presses it.

const SCALE = 5;                  // canvas pixels per OLED pixel (a 1-pixel gap between them)
const LIT = [190, 232, 255];      // a white SSD1306 panel's pixels, slightly blue
const DARK = [9, 12, 16];
const SHAKE_MS2 = 15;             // devicemotion: m/s^2 beyond gravity that counts as a shake
const SHAKE_CALM_MS = 250;

const $ = (selector) => document.querySelector(selector);
const state = {
  config: null, profile: null, worker: null, screen: null, stats: null,
  clock: { t: 0, busy: 0 }, saved: null, muted: localStorage.getItem('pocket-muted') === '1', console: '',
  startedAt: performance.now(), firstLit: null, power: 0, tones: 0,
};
window.pocket = state;            // for the browser test and the bench

// -------------------------------------------------------------- the screen

const canvas = $('#oled');
const ctx = canvas.getContext('2d');
const small = document.createElement('canvas');
const smallCtx = small.getContext('2d');

function sizeCanvas(width, height) {
  canvas.width = width * SCALE;
  canvas.height = height * SCALE;
  small.width = width;
  small.height = height;
  canvas.dataset.scale = SCALE;
  canvas.closest('.bezel').classList.toggle('short', height <= 32);
}

// Every pixel a small square with a dark gap around it, lit ones with a faint glow.
function draw(screen) {
  const { width, height, bits } = screen;
  const image = smallCtx.createImageData(width, height);
  const level = screen.on ? 0.55 + 0.45 * screen.contrast / 255 : 0;
  const rowBytes = width >> 3;
  let lit = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const on = (bits[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1;
      const at = (y * width + x) * 4;
      const rgb = on ? LIT.map((c) => Math.round(c * level)) : DARK;
      image.data[at] = rgb[0]; image.data[at + 1] = rgb[1]; image.data[at + 2] = rgb[2];
      image.data[at + 3] = 255;
      lit += on;
    }
  }
  smallCtx.putImageData(image, 0, 0);
  ctx.fillStyle = `rgb(${DARK})`;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (lit) {
    ctx.save();
    ctx.globalAlpha = 0.35;
    ctx.filter = 'blur(4px)';
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(small, 0, 0, canvas.width, canvas.height);
    ctx.restore();
  }
  ctx.imageSmoothingEnabled = false;
  for (let y = 0; y < height; y++) {            // one row at a time leaves the gaps dark
    ctx.drawImage(small, 0, y, width, 1, 0, y * SCALE, canvas.width, SCALE - 1);
  }
  ctx.fillStyle = `rgb(${DARK})`;
  for (let x = 1; x <= width; x++) ctx.fillRect(x * SCALE - 1, 0, 1, canvas.height);
  if (lit && state.firstLit === null) state.firstLit = performance.now() - state.startedAt;
}

// -------------------------------------------------------------- sound

let audio = null;
let oscillator = null;
let gain = null;
let audioOffset = null;           // audio clock seconds minus emulated seconds

// Browsers start sound only from a click or a key: called from every input.
function wakeAudio() {
  if (state.muted || !window.AudioContext) return;
  if (audio) { if (audio.state === 'suspended') audio.resume(); return; }
  audio = new AudioContext();
  oscillator = audio.createOscillator();
  oscillator.type = 'square';
  gain = audio.createGain();
  gain.gain.value = 0;
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start();
}

// Tone changes at their emulated times, kept in step with the audio clock.
function play(tones) {
  if (!audio || state.muted) return;
  for (const [ms, hz, duty] of tones) {
    let at = ms / 1000 + (audioOffset ?? -Infinity);
    if (at < audio.currentTime || at > audio.currentTime + 0.5) {
      audioOffset = audio.currentTime + 0.03 - ms / 1000;
      at = ms / 1000 + audioOffset;
    }
    if (hz > 0) oscillator.frequency.setValueAtTime(hz, at);
    gain.gain.setValueAtTime(hz > 0 ? 0.08 * Math.min(1, duty * 2) : 0, at);
  }
}

function setMuted(muted, byUser) {
  state.muted = muted;
  localStorage.setItem('pocket-muted', muted ? '1' : '0');
  $('#mute').textContent = muted ? 'Sound off' : 'Sound on';
  $('#mute').setAttribute('aria-pressed', String(muted));
  if (muted && gain) {
    gain.gain.cancelScheduledValues(0);
    gain.gain.value = 0;
  }
  if (!muted && byUser) wakeAudio();
}

// -------------------------------------------------------------- inputs

function send(message) { if (state.worker) state.worker.postMessage(message); }

// Each press and shake tells the board how long it lasted here (wall ms): the board
// keeps it that long in its own time, however fast the emulator runs.
const downAt = new Map();

function held(what, down) {
  const now = performance.now();
  if (down) { downAt.set(what, now); return undefined; }
  const since = downAt.get(what);
  downAt.delete(what);
  return since === undefined ? undefined : now - since;
}

function pressPin(pin, pressed) { send({ type: 'button', pin, pressed, held_ms: held(`pin${pin}`, pressed) }); }

function shake(on) {
  send({ type: 'shake', on, held_ms: held('shake', on) });
  $('#shake').classList.toggle('down', on);
}

// A button that is down as long as the pointer holds it.
function holdable(element, down, up) {
  element.addEventListener('pointerdown', (event) => {
    event.preventDefault();
    wakeAudio();
    element.setPointerCapture(event.pointerId);
    element.classList.add('down');
    down();
  });
  const release = () => {
    if (!element.classList.contains('down')) return;
    element.classList.remove('down');
    up();
  };
  element.addEventListener('pointerup', release);
  element.addEventListener('pointercancel', release);
  element.addEventListener('lostpointercapture', release);
  element.addEventListener('contextmenu', (event) => event.preventDefault());
}

function buildButtons(profile) {
  const rows = $('#buttons');
  rows.replaceChildren();
  rows.className = `buttons ${profile.name}`;
  for (const row of profile.rows) {
    const line = document.createElement('div');
    line.className = 'row';
    for (const item of row) {
      const element = document.createElement('button');
      element.type = 'button';
      element.className = `key ${item.role.toLowerCase()}`;
      element.textContent = item.label;
      element.title = item.title;
      element.dataset.role = item.role;
      holdable(element, () => pressPin(item.pin, true), () => pressPin(item.pin, false));
      line.append(element);
    }
    rows.append(line);
  }
  $('#keys').textContent = profile.keys_help;
}

const keysDown = new Set();

function onKey(event, down) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest && event.target.closest('select')) return;
  const profile = state.profile;
  if (!profile) return;
  if (event.key === ' ') {
    event.preventDefault();
    if (down && !event.repeat) { wakeAudio(); shake(true); } else if (!down) shake(false);
    return;
  }
  const key = profile.keys[event.key];
  if (!key) return;
  event.preventDefault();
  if (down && event.repeat) return;
  if (down) wakeAudio();
  if (key.hold_ms) {             // an action of a long press: held that long on the board
    if (down) send({ type: 'button', pin: key.pin, pressed: true, hold_ms: key.hold_ms });
    return;
  }
  if (down) keysDown.add(event.key); else if (!keysDown.delete(event.key)) return;
  pressPin(key.pin, down);
  const element = document.querySelector(`.key[data-role="${key.role}"]`);
  if (element) element.classList.toggle('lit', down);
}

// A phone shaken: acceleration beyond gravity (where the browser reports motion).
let calmTimer = null;
function onMotion(event) {
  const a = event.acceleration;
  if (!a || a.x === null) return;
  const strength = Math.hypot(a.x, a.y, a.z);
  if (strength < SHAKE_MS2) return;
  if (!calmTimer) shake(true);
  clearTimeout(calmTimer);
  calmTimer = setTimeout(() => { calmTimer = null; shake(false); }, SHAKE_CALM_MS);
}

async function askForMotion() {
  // iOS asks before it reports motion, and only from a tap
  const ask = window.DeviceMotionEvent && DeviceMotionEvent.requestPermission;
  if (ask) { try { await ask.call(DeviceMotionEvent); } catch (error) { /* refused: the button still works */ } }
}

// -------------------------------------------------------------- the board

async function fetchBytes(name) {
  const response = await fetch(name);
  if (!response.ok) throw new Error(`${name}: ${response.status}`);
  return response.arrayBuffer();
}

async function start(name) {
  const config = state.config;
  const profile = config.profiles[name] || config.profiles[config.default_profile];
  state.profile = profile;
  localStorage.setItem('pocket-board', profile.name);
  $('#board').value = profile.name;
  if (state.worker) {
    state.worker.postMessage({ type: 'flush' });
    const old = state.worker;
    setTimeout(() => old.terminate(), 500);      // time for its last save
  }
  sizeCanvas(profile.width, profile.height);
  draw({ width: profile.width, height: profile.height, bits: new Uint8Array(profile.width * profile.height / 8), on: false, contrast: 0 });
  buildButtons(profile);
  state.screen = null; state.firstLit = null; state.startedAt = performance.now();
  setStatus('starting');
  const [uf2, bootrom, drive] = await Promise.all([
    fetchBytes(config.firmware.file), fetchBytes(config.bootrom), fetchBytes(profile.drive)]);
  const worker = new Worker('worker.js');
  state.worker = worker;
  worker.onmessage = (event) => onWorker(worker, event.data);
  worker.onerror = (event) => setStatus(`stopped: ${event.message}`);
  worker.postMessage({ type: 'start', profile, uf2, bootrom, drive, driveBytes: profile.drive_bytes,
    driveVersion: profile.drive_version }, [uf2, bootrom, drive]);
}

function onWorker(worker, message) {
  if (worker !== state.worker) return;
  if (message.type === 'screen') {
    state.screen = message;
    draw(message);
  } else if (message.type === 'tones') {
    state.tones += message.tones.length;
    play(message.tones);
  }
  else if (message.type === 'clock') state.clock = message;
  else if (message.type === 'stats') { state.stats = message; showStats(); }
  else if (message.type === 'saved') { state.saved = message; showStats(); }
  else if (message.type === 'power') state.power++;
  else if (message.type === 'console') {
    state.console = (state.console + message.text).slice(-20000);
    const pre = $('#console');
    pre.textContent = state.console;
    pre.scrollTop = pre.scrollHeight;
  } else if (message.type === 'error') setStatus(`stopped: ${message.message}`);
}

function setStatus(text) { $('#status').textContent = text; }

function showStats() {
  const s = state.stats;
  const parts = [];
  if (s) {
    parts.push(`${s.mhz.toFixed(1)} MHz emulated of 125`);
    if (s.cpu_share > 0.05) parts.push(`busy at ${s.busy_mhz.toFixed(0)} MHz`);
  }
  if (state.saved) parts.push(state.saved.pending ? 'saving…' : 'saved in this browser');
  setStatus(parts.join(' · '));
}

async function main() {
  state.config = await (await fetch('config.json')).json();
  const config = state.config;
  $('#firmware').textContent = config.firmware.name;
  const select = $('#board');
  for (const profile of Object.values(config.profiles)) {
    const option = document.createElement('option');
    option.value = profile.name;
    option.textContent = profile.label;
    select.append(option);
  }
  select.addEventListener('change', () => start(select.value));
  const wanted = new URLSearchParams(location.search).get('board') || localStorage.getItem('pocket-board');
  setMuted(state.muted);
  $('#mute').addEventListener('click', () => setMuted(!state.muted, true));
  $('#reset').addEventListener('click', () => { send({ type: 'reset' }); });
  $('#erase').addEventListener('click', () => {
    if (confirm('Start over as a new board: the saved game, the high scores and the names go.')) send({ type: 'erase' });
  });
  holdable($('#shake'), () => { askForMotion(); shake(true); }, () => shake(false));
  document.addEventListener('keydown', (event) => onKey(event, true));
  document.addEventListener('keyup', (event) => onKey(event, false));
  window.addEventListener('devicemotion', onMotion);
  // leaving the page: what the board wrote last is saved now, not in a moment
  document.addEventListener('visibilitychange', () => { if (document.hidden) send({ type: 'flush' }); });
  window.addEventListener('pagehide', () => send({ type: 'flush' }));
  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
  await start(wanted in config.profiles ? wanted : config.default_profile);
}

main().catch((error) => setStatus(`could not start: ${error.message}`));
