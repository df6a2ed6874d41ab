"""Accelerometers read as integer milli-g, without floats and without allocating.

The Adafruit drivers return m/s^2 floats and build a new tuple on every read, so
the game talks to the chips directly: a handful of register writes at start-up
(values from the datasheets) and one 6-byte burst read per sample into a buffer
made once. ``read()`` fills ``x``, ``y``, ``z`` (mg) and returns True, or False when
the I2C bus is busy; an I2C error raises OSError for the caller to count.
"""

# LIS3DH (ST datasheet DocID17530)
_LIS3DH_WHO_AM_I = 0x0F
_LIS3DH_ID = 0x33
_LIS3DH_CTRL1 = 0x20
_LIS3DH_CTRL4 = 0x23
_LIS3DH_CTRL1_400HZ_XYZ = 0x77      # ODR 400 Hz, normal power, X/Y/Z enabled
_LIS3DH_CTRL1_POWER_DOWN = 0x07     # ODR 0000: power-down (0.5 uA), axes still set
_LIS3DH_CTRL4_4G_HR = 0x98          # block data update, +-4 g, high resolution
_LIS3DH_OUT_X_L_AUTOINC = 0xA8      # OUT_X_L (0x28) with the auto-increment bit

# MPU-6050 (InvenSense register map RM-MPU-6000A)
_MPU_WHO_AM_I = 0x75
_MPU_IDS = (0x68, 0x70, 0x72, 0x98)  # genuine part and common clones
_MPU_PWR_MGMT_1 = 0x6B
_MPU_CONFIG = 0x1A
_MPU_ACCEL_CONFIG = 0x1C
_MPU_ACCEL_XOUT_H = 0x3B
_MPU_RESET = 0x80
_MPU_CLOCK_PLL_X = 0x01             # wake up, clock from the X gyro PLL
_MPU_DLPF_44HZ = 0x03               # low-pass: smooths the 1 kHz output
_MPU_ACCEL_4G = 0x08                # AFS_SEL=1: +-4 g, 8192 LSB/g
_MPU_SLEEP = 0x40                   # PWR_MGMT_1 SLEEP bit: the low-power sleep mode


class _I2CRegisters:
    """Register access on a busio.I2C with buffers made once."""

    def __init__(self, i2c, address):
        self.i2c = i2c
        self.address = address
        self._one = bytearray(1)
        self._pair = bytearray(2)

    def _lock(self):
        # At start-up nothing else holds the bus; give up rather than hang.
        for _ in range(1000):
            if self.i2c.try_lock():
                return
        raise OSError("I2C bus stays locked")

    def read_byte(self, register):
        self._lock()
        try:
            self._pair[0] = register
            self.i2c.writeto_then_readfrom(self.address, self._pair, self._one,
                                           out_end=1)
        finally:
            self.i2c.unlock()
        return self._one[0]

    def write_byte(self, register, value):
        self._lock()
        try:
            self._pair[0] = register
            self._pair[1] = value
            self.i2c.writeto(self.address, self._pair)
        finally:
            self.i2c.unlock()


def _signed16(high, low):
    value = (high << 8) | low
    if value & 0x8000:
        value -= 0x10000
    return value


class _BurstReader:
    """One 6-byte burst read per sample into a buffer made once; subclasses set the
    chip up in __init__ (then call _ready) and turn the bytes into mg in _convert."""

    def _ready(self, i2c, address, first_register):
        self.address = address
        self._i2c = i2c
        self._reg = bytes((first_register,))
        self._buf = bytearray(6)
        self.x = self.y = self.z = 0

    def read(self):
        i2c = self._i2c
        if not i2c.try_lock():
            return False
        try:
            i2c.writeto_then_readfrom(self.address, self._reg, self._buf)
        finally:
            i2c.unlock()
        self._convert(self._buf)
        return True


class Lis3dhReader(_BurstReader):
    """LIS3DH at +-4 g, 400 Hz, high resolution: 2 mg per 12-bit step."""

    chip = "lis3dh"

    def __init__(self, i2c, address):
        self.regs = regs = _I2CRegisters(i2c, address)
        found = regs.read_byte(_LIS3DH_WHO_AM_I)
        if found != _LIS3DH_ID:
            raise OSError("chip id 0x%02x at 0x%02x is not a LIS3DH" % (found, address))
        regs.write_byte(_LIS3DH_CTRL1, _LIS3DH_CTRL1_400HZ_XYZ)
        regs.write_byte(_LIS3DH_CTRL4, _LIS3DH_CTRL4_4G_HR)
        self._ready(i2c, address, _LIS3DH_OUT_X_L_AUTOINC)

    def _convert(self, b):
        # Little-endian, 12 bits left-justified: raw >> 4 steps of 2 mg = raw >> 3.
        self.x = _signed16(b[1], b[0]) >> 3
        self.y = _signed16(b[3], b[2]) >> 3
        self.z = _signed16(b[5], b[4]) >> 3

    def power_down(self):
        """Before deep sleep: stop sampling (about 73 uA at 400 Hz, 0.5 uA down, per
        the datasheet); the next start configures the chip again."""
        self.regs.write_byte(_LIS3DH_CTRL1, _LIS3DH_CTRL1_POWER_DOWN)


class Mpu6050Reader(_BurstReader):
    """MPU-6050 accelerometer at +-4 g (8192 LSB/g), 44 Hz low-pass."""

    chip = "mpu6050"

    def __init__(self, i2c, address, sleep_ms=None):
        self.regs = regs = _I2CRegisters(i2c, address)
        found = regs.read_byte(_MPU_WHO_AM_I)
        if found not in _MPU_IDS:
            raise OSError("chip id 0x%02x at 0x%02x is not an MPU-6050" % (found, address))
        regs.write_byte(_MPU_PWR_MGMT_1, _MPU_RESET)
        if sleep_ms is not None:
            sleep_ms(100)              # the datasheet's reset time; start-up only
        regs.write_byte(_MPU_PWR_MGMT_1, _MPU_CLOCK_PLL_X)
        regs.write_byte(_MPU_CONFIG, _MPU_DLPF_44HZ)
        regs.write_byte(_MPU_ACCEL_CONFIG, _MPU_ACCEL_4G)
        self._ready(i2c, address, _MPU_ACCEL_XOUT_H)

    def _convert(self, b):
        # Big-endian; mg = raw * 1000 / 8192 = raw * 125 >> 10.
        self.x = (_signed16(b[0], b[1]) * 125) >> 10
        self.y = (_signed16(b[2], b[3]) * 125) >> 10
        self.z = (_signed16(b[4], b[5]) * 125) >> 10

    def power_down(self):
        """Before deep sleep: the chip's sleep mode (datasheet: 5 uA, 3.9 mA awake)."""
        self.regs.write_byte(_MPU_PWR_MGMT_1, _MPU_CLOCK_PLL_X | _MPU_SLEEP)

