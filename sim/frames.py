"""Frames to files: PNG of each changed frame, named screenshots, an animated GIF.

Pictures are the display's 1-bit pixels scaled up with square pixels in OLED colours
(pale blue-white on near black). Pillow writes no timestamps, so the same frames give
the same bytes on every run.
"""

import hashlib
import os

import numpy as np
from PIL import Image

BACKGROUND = (8, 10, 16)
LIT = (220, 236, 255)
PNG_SCALE = 4
GIF_SCALE = 3
# A GIF cannot show a frame for less than 20 ms reliably (browsers clamp shorter ones).
GIF_MIN_MS = 20
# The last frame of a GIF stays this long before the loop starts again.
GIF_HOLD_LAST_MS = 2000


def to_image(pixels, scale=PNG_SCALE):
    """A palette image of a 0/1 pixel array, each pixel a scale x scale square."""
    big = np.kron(pixels.astype(np.uint8), np.ones((scale, scale), dtype=np.uint8))
    image = Image.frombytes("P", (big.shape[1], big.shape[0]), big.tobytes())
    image.putpalette(BACKGROUND + LIT)
    return image


def save_png(pixels, path, scale=PNG_SCALE):
    to_image(pixels, scale).save(path, format="PNG", optimize=False)


def frame_hash(pixels):
    return hashlib.sha256(np.packbits(pixels, axis=1).tobytes()).hexdigest()[:16]


class FrameRecorder:
    """Collects each changed frame with its time; writes PNGs as they come.

    capture(now_ms, display) is called after every refresh; it keeps a frame only
    when display.version moved (a pixel or the awake state changed).
    """

    def __init__(self, frames_dir=None, keep_for_gif=False):
        self.frames_dir = frames_dir
        self.keep = keep_for_gif
        self.frames = []      # (t_ms, pixels) when kept for a GIF
        self.hashes = []      # one per changed frame, in order
        self._version = None
        if frames_dir:
            os.makedirs(frames_dir, exist_ok=True)

    def capture(self, now_ms, display):
        if display.version == self._version:
            return False
        self._version = display.version
        pixels = display.pixels.copy()
        self.hashes.append(frame_hash(pixels))
        if self.frames_dir:
            name = "frame-%05d.png" % len(self.hashes)
            save_png(pixels, os.path.join(self.frames_dir, name))
        if self.keep:
            self.frames.append((now_ms, pixels))
        return True

    def write_gif(self, path, end_ms=None, scale=GIF_SCALE):
        """An endlessly looping GIF of the kept frames, each shown as long as it was."""
        if not self.frames:
            raise ValueError("no frames to write")
        images = []
        durations = []
        for i, (t, pixels) in enumerate(self.frames):
            if i + 1 < len(self.frames):
                shown = self.frames[i + 1][0] - t
            else:
                shown = GIF_HOLD_LAST_MS
            images.append(to_image(pixels, scale))
            durations.append(max(GIF_MIN_MS, shown))
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        images[0].save(path, format="GIF", save_all=True, append_images=images[1:],
                       duration=durations, loop=0, optimize=False, disposal=1)
        return len(images)
