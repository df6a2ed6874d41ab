// The piezo on a PWM pin: the tone the RP2040's PWM registers make. Shared by the Node
// harness and the web page (no Node APIs).

const FUNC_PWM = 4;

// {hz, duty} of the pin's PWM channel as the registers set it ({0, 0}: silent).
export function pwmTone(mcu, pin) {
  const channel = mcu.pwm.channels[(pin >> 1) & 7];
  const b = pin & 1;
  if (mcu.gpio[pin].functionSelect === FUNC_PWM && channel.csr & 1) {
    const divider = ((channel.div >> 4) & 0xff || 256) + (channel.div & 0xf) / 16;
    const period = (channel.top + 1) * (channel.csr & 2 ? 2 : 1);
    const level = b ? channel.cc >>> 16 : channel.cc & 0xffff;
    const duty = Math.min(1, level / (channel.top + 1));
    if (duty > 0) return { hz: Math.round(mcu.clkSys / divider / period), duty: Math.round(duty * 1000) / 1000 };
  }
  return { hz: 0, duty: 0 };
}
