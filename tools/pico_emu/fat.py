"""A CIRCUITPY drive image: FAT12 written (and read back) in plain Python.

CircuitPython on a 2 MB Pico formats its drive itself as FAT12 with 512-byte sectors
and one sector per cluster, no partition table, in the flash's second MiB. This writes
the same kind of volume from a folder (and extra files), with long file names (VFAT) so
names such as `adafruit_displayio_ssd1306.py` survive, and fixed timestamps so the same
files give the same bytes. mkfs.fat and mtools are not needed. Desktop only.

    image = build_image({"code.py": b"...", "lib/x.py": b"..."})   # 1 MiB of bytes
    files = read_files(image)                                       # {path: bytes}
"""

import os

SECTOR = 512
DRIVE_BYTES = 1024 * 1024           # CIRCUITPY on a 2 MB RP2040 board
ROOT_ENTRIES = 512
RESERVED = 1
FATS = 1
MEDIA = 0xF8
LABEL = b"CIRCUITPY  "
ATTR_DIR = 0x10
ATTR_ARCHIVE = 0x20
ATTR_VOLUME = 0x08
ATTR_LFN = 0x0F
# 2024-01-01 00:00:00 in FAT's packed date and time
FAT_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1
FAT_TIME = 0
_SHORT_OK = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789$%'-_@~`!(){}^#&")


class DriveFull(ValueError):
    """The files do not fit the drive."""


def folder_files(folder):
    """{relative path with '/': bytes} of every file under folder."""
    out = {}
    for top, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            path = os.path.join(top, name)
            rel = os.path.relpath(path, folder).replace(os.sep, "/")
            with open(path, "rb") as f:
                out[rel] = f.read()
    return out


def _layout(total_sectors):
    root_sectors = ROOT_ENTRIES * 32 // SECTOR
    fat_sectors = 1
    while True:
        data = total_sectors - RESERVED - FATS * fat_sectors - root_sectors
        need = ((data + 2) * 3 + 1) // 2
        want = (need + SECTOR - 1) // SECTOR
        if want <= fat_sectors:
            return fat_sectors, root_sectors, data
        fat_sectors = want


def _boot_sector(total_sectors, fat_sectors):
    b = bytearray(SECTOR)
    b[0:3] = b"\xEB\x3C\x90"
    b[3:11] = b"MSDOS5.0"
    b[11:13] = SECTOR.to_bytes(2, "little")
    b[13] = 1                                        # sectors per cluster
    b[14:16] = RESERVED.to_bytes(2, "little")
    b[16] = FATS
    b[17:19] = ROOT_ENTRIES.to_bytes(2, "little")
    b[19:21] = total_sectors.to_bytes(2, "little")
    b[21] = MEDIA
    b[22:24] = fat_sectors.to_bytes(2, "little")
    b[24:26] = (63).to_bytes(2, "little")            # sectors per track (unused)
    b[26:28] = (255).to_bytes(2, "little")           # heads (unused)
    b[36] = 0x80                                     # drive number
    b[38] = 0x29                                     # extended boot signature
    b[39:43] = (0x59A47217).to_bytes(4, "little")    # volume serial: fixed
    b[43:54] = LABEL
    b[54:62] = b"FAT12   "
    b[510:512] = b"\x55\xAA"
    return b


def _short_name(name, taken):
    """(11-byte 8.3 name, True when the long name must be stored as well)."""
    upper = name.upper()
    base, dot, ext = upper.rpartition(".")
    if not dot:
        base, ext = upper, ""
    plain = (len(base) <= 8 and len(ext) <= 3 and base and name == upper
             and all(c in _SHORT_OK for c in (base + ext).encode()))
    if plain:
        short = base.encode().ljust(8) + ext.encode().ljust(3)
        if short not in taken:
            return short, False
    clean = bytes(c for c in base.replace(".", "").encode("ascii", "replace") if c in _SHORT_OK)
    tail = bytes(c for c in ext.encode("ascii", "replace") if c in _SHORT_OK)[:3]
    for n in range(1, 1000000):
        mark = b"~%d" % n
        short = (clean[:8 - len(mark)] + mark).ljust(8) + tail.ljust(3)
        if short not in taken:
            return short, True
    raise DriveFull("too many files named like %s" % name)


def _checksum(short):
    total = 0
    for c in short:
        total = (((total & 1) << 7) + (total >> 1) + c) & 0xFF
    return total


def _entry(short, attr, cluster, size):
    e = bytearray(32)
    e[0:11] = short
    e[11] = attr
    e[14:16] = FAT_TIME.to_bytes(2, "little")
    e[16:18] = FAT_DATE.to_bytes(2, "little")
    e[18:20] = FAT_DATE.to_bytes(2, "little")
    e[22:24] = FAT_TIME.to_bytes(2, "little")
    e[24:26] = FAT_DATE.to_bytes(2, "little")
    e[26:28] = cluster.to_bytes(2, "little")
    e[28:32] = size.to_bytes(4, "little")
    return e


def _long_entries(name, short):
    units = list(name.encode("utf-16-le"))
    chars = [units[i] | units[i + 1] << 8 for i in range(0, len(units), 2)]
    chars.append(0)
    while len(chars) % 13:
        chars.append(0xFFFF)
    check = _checksum(short)
    count = len(chars) // 13
    out = []
    for seq in range(count, 0, -1):
        part = chars[(seq - 1) * 13:seq * 13]
        e = bytearray(32)
        e[0] = seq | (0x40 if seq == count else 0)
        for i, c in enumerate(part):
            at = 1 + 2 * i if i < 5 else (14 + 2 * (i - 5) if i < 11 else 28 + 2 * (i - 11))
            e[at:at + 2] = c.to_bytes(2, "little")
        e[11] = ATTR_LFN
        e[13] = check
        out.append(e)
    return out


class _Writer:
    def __init__(self, total_sectors):
        self.fat_sectors, self.root_sectors, self.data_sectors = _layout(total_sectors)
        self.image = bytearray(total_sectors * SECTOR)
        self.image[0:SECTOR] = _boot_sector(total_sectors, self.fat_sectors)
        self.fat = [0] * (self.data_sectors + 2)
        self.fat[0] = 0xF00 | MEDIA
        self.fat[1] = 0xFFF
        self.next_free = 2
        self.data_start = RESERVED + FATS * self.fat_sectors + self.root_sectors

    def allocate(self, data):
        """Clusters for data (at least one for a folder); the first one (0 when empty)."""
        count = (len(data) + SECTOR - 1) // SECTOR
        if not count:
            return 0
        first = self.next_free
        if first + count > len(self.fat):
            raise DriveFull("the files need more than the %d KB drive" % (len(self.image) // 1024))
        for i in range(count):
            cluster = first + i
            self.fat[cluster] = cluster + 1 if i + 1 < count else 0xFFF
            at = (self.data_start + cluster - 2) * SECTOR
            chunk = data[i * SECTOR:(i + 1) * SECTOR]
            self.image[at:at + len(chunk)] = chunk
        self.next_free = first + count
        return first

    def finish(self):
        packed = bytearray(self.fat_sectors * SECTOR)
        for i in range(0, len(self.fat) - 1, 2):
            a, b = self.fat[i], self.fat[i + 1]
            j = i * 3 // 2
            packed[j] = a & 0xFF
            packed[j + 1] = (a >> 8) | ((b & 0x0F) << 4)
            packed[j + 2] = b >> 4
        if len(self.fat) % 2:
            a = self.fat[-1]
            j = (len(self.fat) - 1) * 3 // 2
            packed[j] = a & 0xFF
            packed[j + 1] = (packed[j + 1] & 0xF0) | (a >> 8)
        for n in range(FATS):
            at = (RESERVED + n * self.fat_sectors) * SECTOR
            self.image[at:at + len(packed)] = packed
        return bytes(self.image)


def _tree(files):
    root = {}
    for path, data in files.items():
        parts = [p for p in path.split("/") if p]
        node = root
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise ValueError("%s is both a file and a folder" % part)
        node[parts[-1]] = bytes(data)
    return root


def build_image(files, drive_bytes=DRIVE_BYTES):
    """A FAT12 volume of drive_bytes holding files {path: bytes} (folders made as needed)."""
    writer = _Writer(drive_bytes // SECTOR)

    def write_folder(tree, own_cluster, parent_cluster):
        # entries first (names and sizes), then the data; a folder's own clusters are
        # reserved before its children's so that '.' can name them
        raw = []
        if own_cluster is not None:
            raw.append(_entry(b".          ", ATTR_DIR, own_cluster, 0))
            raw.append(_entry(b"..         ", ATTR_DIR, parent_cluster, 0))
        else:
            raw.append(_entry(LABEL, ATTR_VOLUME, 0, 0))
        taken = set()
        for name in sorted(tree):
            short, needs_long = _short_name(name, taken)
            taken.add(short)
            content = tree[name]
            if needs_long:
                raw.extend(_long_entries(name, short))
            if isinstance(content, dict):
                slots = 2 + sum(1 + (len(n) + 13) // 13 for n in content)
                size = max(SECTOR, (slots * 32 + SECTOR - 1) // SECTOR * SECTOR)
                cluster = writer.allocate(bytes(size))
                write_folder(content, cluster, own_cluster or 0)
                raw.append(_entry(short, ATTR_DIR, cluster, 0))
            else:
                cluster = writer.allocate(content)
                raw.append(_entry(short, ATTR_ARCHIVE, cluster, len(content)))
        table = b"".join(raw)
        if own_cluster is None:
            if len(table) > ROOT_ENTRIES * 32:
                raise DriveFull("more than %d entries in the root folder" % ROOT_ENTRIES)
            at = (RESERVED + FATS * writer.fat_sectors) * SECTOR
        else:
            at = (writer.data_start + own_cluster - 2) * SECTOR
        writer.image[at:at + len(table)] = table

    write_folder(_tree(files), None, None)
    return writer.finish()


# ------------------------------------------------------------------ reading back


def read_files(image):
    """{path: bytes} of every file on a FAT12 volume (this writer's or CircuitPython's)."""
    b = image
    sector = int.from_bytes(b[11:13], "little")
    per_cluster = b[13]
    reserved = int.from_bytes(b[14:16], "little")
    fats = b[16]
    root_entries = int.from_bytes(b[17:19], "little")
    fat_sectors = int.from_bytes(b[22:24], "little")
    fat_at = reserved * sector
    root_at = (reserved + fats * fat_sectors) * sector
    data_at = root_at + root_entries * 32
    cluster_bytes = sector * per_cluster

    def fat(n):
        j = n * 3 // 2
        pair = b[fat_at + j] | b[fat_at + j + 1] << 8
        return pair >> 4 if n & 1 else pair & 0xFFF

    def chain(first):
        out = bytearray()
        n = first
        seen = 0
        while 2 <= n < 0xFF8:
            at = data_at + (n - 2) * cluster_bytes
            out += b[at:at + cluster_bytes]
            n = fat(n)
            seen += 1
            if seen > len(b) // cluster_bytes:
                raise ValueError("a cluster chain loops")
        return bytes(out)

    files = {}

    def walk(table, prefix):
        long_parts = []
        for i in range(0, len(table), 32):
            e = table[i:i + 32]
            if e[0] == 0:
                break
            if e[0] == 0xE5:
                long_parts = []
                continue
            if e[11] == ATTR_LFN:
                units = e[1:11] + e[14:26] + e[28:32]
                text = units.decode("utf-16-le").split("\x00")[0].replace("\uffff", "")
                long_parts.insert(0, text)
                continue
            short = e[0:11]
            if e[11] & ATTR_VOLUME or short in (b".          ", b"..         "):
                long_parts = []
                continue
            if long_parts:
                name = "".join(long_parts)
            else:
                base = short[:8].decode("latin-1").rstrip()
                ext = short[8:].decode("latin-1").rstrip()
                lower = e[12]
                if lower & 0x08:
                    base = base.lower()
                if lower & 0x10:
                    ext = ext.lower()
                name = base + ("." + ext if ext else "")
            long_parts = []
            first = int.from_bytes(e[26:28], "little")
            if e[11] & ATTR_DIR:
                walk(chain(first), prefix + name + "/")
            else:
                size = int.from_bytes(e[28:32], "little")
                files[prefix + name] = chain(first)[:size]

    walk(bytes(b[root_at:data_at]), "")
    return files
