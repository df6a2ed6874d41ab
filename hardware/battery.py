"""The battery gauge: the supply in millivolts, read every few seconds and smoothed.

On boards that can read their supply: the Pico's GP29 (board.VOLTAGE_MONITOR)
reads VSYS through a 200k/100k divider (VSYS/3, Pico datasheet), a Feather M4's
VOLTAGE_MONITOR its LiPo through 100k/100k (/2). The profile names the pin
(BATTERY) and the divider; boards without a reading get no gauge (hw.battery is
None) and the app shows nothing.

The frame loop calls update(now_ms) every frame; it reads only every period_ms
(a few ADC conversions of a few microseconds each; on a Pico W each one waits
about 100 us while CircuitPython borrows GP29 from the radio), never blocks, and
everything is an integer: no float on the path the app reads. The ADC's 3.3 V
reference is the board's regulated 3V3, which stays put while the cells run down.

Percentages come from a pack's discharge curve (`Pack` below, sources named
there): an estimate, good to about a tenth of the capacity; the thresholds for the
low warning and the save before brown-out are voltages, which is what matters.
"""

from events.ticks import ticks_add, ticks_diff

PERIOD_MS = 5000        # a reading every 5 s: cells drain over hours, not seconds
SAMPLES = 8             # ADC conversions averaged per reading (switching-regulator ripple)
ADC_REF_MV = 3300       # CircuitPython's AnalogIn: 0..65535 spans 0..3.3 V
HYSTERESIS_MV = 100     # a flag set at a threshold clears only this far back past it


class Pack:
    """What powers the build; every trait is a class attribute (subclasses below).

    curve: (millivolts, percent) points from full to empty, linear between them.
    low_mv: below it the app warns. save_mv: below it the app saves the game at once,
    with room left before the board browns out. external_mv: above it the supply is
    not this pack (USB on VSYS: about 4.7-5 V through the Pico's diode): no percentage.
    absent_mv: below it nothing could run the board: the pin reads no supply (not
    wired, or an emulator's idle ADC): no reading, no warning, no save.
    """

    name = ""
    curve = ((1, 0),)
    low_mv = 0
    save_mv = 0
    external_mv = 0x7FFF
    absent_mv = 0

    @classmethod
    def percent(cls, mv):
        """0..100 by the curve (integers only)."""
        curve = cls.curve
        if mv >= curve[0][0]:
            return curve[0][1]
        for i in range(1, len(curve)):
            lo_mv, lo_pct = curve[i]
            if mv >= lo_mv:
                hi_mv, hi_pct = curve[i - 1]
                return lo_pct + (mv - lo_mv) * (hi_pct - lo_pct) // (hi_mv - lo_mv)
        return curve[-1][1]


class TwoAlkalineAA(Pack):
    """Two alkaline AA cells in series (the default build, on the Pico's VSYS).

    Per cell under a light load, from the shape of the manufacturers' low-rate
    discharge curves (Energizer E91 datasheet, "constant current performance"; the
    Energizer Alkaline Handbook: the voltage falls steadily, from about 1.5-1.6 V to
    the 0.9-0.8 V end point): 1.6 V 100 %, 1.4 V 95 %, 1.3 V 85 %, 1.2 V 50 %,
    1.1 V 20 %, 1.0 V 10 %, 0.9 V empty. The Pico's RT6150 buck-boost keeps 3.3 V
    down to VSYS = 1.8 V (Pico datasheet), so the save at 1.0 V a cell leaves room.
    """

    name = "2xaa"
    curve = ((3200, 100), (2800, 95), (2600, 85), (2400, 50), (2200, 20), (2000, 10),
             (1800, 0))
    low_mv = 2200
    save_mv = 2000
    external_mv = 3400
    absent_mv = 900


class LiPo1S(Pack):
    """One lithium-polymer cell (3.7 V nominal), e.g. Adafruit's 500 mAh pack (1578:
    4.2 V full, its protection cuts off at 3.0 V).

    The shape of the 0.2C discharge curves on 1S LiPo cell specifications: 4.2 V
    full, a long plateau around 3.7-3.9 V, a knee below 3.7 V, 3.0 V empty. The save
    at 3.45 V (about 5 % left) comes before a Feather's 3.3 V regulator drops out.
    """

    name = "lipo"
    curve = ((4200, 100), (4060, 90), (3980, 80), (3920, 70), (3870, 60), (3820, 50),
             (3790, 40), (3770, 30), (3740, 20), (3680, 10), (3450, 5), (3000, 0))
    low_mv = 3740
    save_mv = 3450
    external_mv = 4350
    absent_mv = 1500


PACKS = {"2xaa": TwoAlkalineAA, "lipo": LiPo1S}


class Battery:
    """The gauge the app reads: millivolts, percent, low, save_now, external, and
    present (False: the pin reads no supply at all; show nothing).

    adc: an analogio.AnalogIn (or anything with an int .value 0..65535); divider:
    the integer divider in front of it; pack: a Pack subclass. The first reading is
    taken at once, so the first frame already has one.
    """

    def __init__(self, adc, divider, pack, period_ms=PERIOD_MS, ref_mv=ADC_REF_MV):
        self._adc = adc
        # SAMPLES 12-bit readings summed times this stays below 2**30 for a divider up
        # to 8 (settings.py allows no more): a small int on a 32-bit board.
        self._scale = ref_mv * divider
        self.pack = pack
        self.period_ms = period_ms
        self.millivolts = 0
        self.percent = 0
        self.low = False          # below the pack's low_mv: warn
        self.save_now = False     # below save_mv: save the game, brown-out is near
        self.external = False     # above external_mv: USB power, no percentage
        self.present = False      # a reading a board could run on
        self.readings = 0
        self.failures = 0
        self._due = None          # the first update() reads, then every period_ms
        self._read()

    def update(self, now_ms):
        """Read when a period has passed; True when a reading was taken."""
        if self._due is not None and ticks_diff(now_ms, self._due) < 0:
            return False
        self._due = ticks_add(now_ms, self.period_ms)
        return self._read()

    def _read(self):
        total = 0
        try:
            for _ in range(SAMPLES):
                # CircuitPython stretches the RP2040's 12-bit result to 16 bits.
                total += self._adc.value >> 4
        except (OSError, RuntimeError, ValueError):
            self.failures += 1
            return False
        mv = total * self._scale // (SAMPLES * 4095)
        if not self.readings:
            self.millivolts = mv
        else:
            self.millivolts = (3 * self.millivolts + mv + 2) >> 2
        self.readings += 1
        self._judge()
        return True

    def _judge(self):
        mv = self.millivolts
        pack = self.pack
        self.present = mv >= pack.absent_mv
        if not self.present:
            self.low = self.save_now = self.external = False
            self.percent = 0
            return
        self.external = (mv > pack.external_mv
                         or (self.external and mv > pack.external_mv - HYSTERESIS_MV))
        if self.external:
            self.low = self.save_now = False
            self.percent = 100
            return
        self.percent = pack.percent(mv)
        self.low = mv < pack.low_mv or (self.low and mv < pack.low_mv + HYSTERESIS_MV)
        self.save_now = mv < pack.save_mv or (self.save_now
                                              and mv < pack.save_mv + HYSTERESIS_MV)
