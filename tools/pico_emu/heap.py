"""Where the board's heap goes: each module's import and each start-up step, measured
on the emulated Pico with the firmware's own gc.mem_free() after gc.collect().

    python -m tools.pico_emu.heap [--mpy] [--profile NAME]

A generated code.py imports the bundle's modules one at a time, each after the
modules it imports at its top (so a line is that module alone: its code, its
globals, the names it interns), then builds the hardware, the views and the app and
draws the first frame, as ui/loop.py does. The plain-.py bundle compiles each module
in RAM at import; its line is what stays afterwards (the compiler's peak is higher).
Desktop only.
"""

import ast
import sys
from pathlib import Path

# What the app holds beyond its modules, in the order ui/loop.py makes it.
STEPS = (
    ("hardware.build()", "import hardware\nhw = hardware.build()"),
    ("Views()", "from ui.views.views import Views\n"
                "views = Views(hw.display.width, hw.display.height)"),
    ("make_app()", "import ui.loop\napp = ui.loop.make_app(hw, views)"),
    ("first frame", "runner = ui.loop.Runner(app, views, hw.display, hw.sound, hw)\n"
                    "runner.step(hw.ticks_ms())"),
)
# The modules whose import graph is measured, roots first: what the start-up steps
# import on the way (the first boot's how-to among them) comes first, so a step's
# line is its objects.
ROOTS = ("hardware.board_io", "hardware.accel", "hardware.display",
         "adafruit_displayio_ssd1306",
         "ui.app", "ui.views.views", "ui.views.card", "ui.loop",
         "yahtzee_core.save", "yahtzee_core.records", "yahtzee_core.variants.yahtzee",
         "ui.saves.load", "ui.scenes.learn", "ui.scenes.odds", "ui.help.text")


def _module_path(root, name):
    base = Path(root, *name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    lib = Path(root, "lib", *name.split("."))
    for candidate in (lib.with_suffix(".py"), lib / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _top_imports(path, name):
    """Modules imported at a module's top level (try blocks included, functions not)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []

    def visit(body):
        for node in body:
            if isinstance(node, ast.Import):
                found.extend(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[:len(parts) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                found.append(base)
                found.extend(base + "." + a.name for a in node.names)
            elif isinstance(node, ast.Try):
                visit(node.body)
            elif isinstance(node, ast.If):
                visit(node.body)
                visit(node.orelse)
    visit(tree.body)
    return found


def module_order(bundle_dir, roots=ROOTS):
    """Bundle modules reachable from roots through top-level imports, each after the
    modules it imports (packages before their submodules)."""
    order = []
    seen = set()

    def add(name):
        if name in seen:
            return
        path = _module_path(bundle_dir, name)
        if path is None:
            return                    # built in, or a name imported from a module
        seen.add(name)
        parent = name.rpartition(".")[0]
        if parent:
            add(parent)
        for dep in _top_imports(path, name):
            add(dep)
        order.append(name)

    for root in roots:
        add(root)
    return order


def probe_code(modules):
    """The code.py that measures: one 'heap-probe LABEL COST FREE' line each."""
    lines = [
        "import gc",
        "def free():",
        "    gc.collect()",
        "    return gc.mem_free()",
        "last = free()",
        "print('heap-probe start 0', last)",
        "import sys",
        "known = set(sys.modules)",
        "def mark(label):",
        "    global last, known",
        "    now = free()",
        "    print('heap-probe', label, last - now, now)",
        "    new = [m for m in sys.modules if m not in known]",
        "    if new and '.' not in label and label[-1] in ')e':",
        "        print('heap-probe-modules', label, ' '.join(sorted(new)))",
        "    known = set(sys.modules)",
        "    last = now",
    ]
    for name in modules:
        lines.append("__import__(%r)" % name)
        lines.append("mark(%r)" % name)
    for label, code in STEPS:
        lines.extend(code.split("\n"))
        lines.append("mark(%r)" % label.replace(" ", "_"))
    lines.append("print('heap-probe done')")
    return "\n".join(lines) + "\n"


def measure(mpy=False, profile="default", log=None):
    """[(label, bytes it took, free after)] on the emulated board."""
    from tools import pico_emu
    modules = module_order(pico_emu.bundle(profile, mpy=False))
    drive = pico_emu.Drive(profile=profile, mpy=mpy,
                           extra_files={"code.py": probe_code(modules).encode()})
    rows = []
    with pico_emu.Pico(drive) as pico:
        pico.power_on()
        pico.attach_console()
        pico.run(120000, text="heap-probe done")
        for line in pico.console.splitlines():
            if line.startswith("heap-probe ") and line != "heap-probe done":
                _, label, cost, free = line.split()
                rows.append((label, int(cost), int(free)))
        if "heap-probe done" not in pico.console:
            raise pico_emu.EmulatorError("the probe stopped:\n" + pico.console[-1500:])
    drive.close()
    return rows


def main(argv=None):
    from tools.cli_checks import Parser
    p = Parser(description=__doc__.split("\n")[0])
    p.add_argument("--mpy", action="store_true", help="the .mpy bundle (default: plain .py)")
    from hardware.profiles import PROFILES
    p.add_argument("--profile", default="default", choices=sorted(PROFILES))
    args = p.parse_args(argv)
    from tools import pico_emu
    reason = pico_emu.unavailable()
    if reason:
        print("heap: " + reason, file=sys.stderr)
        return 2
    rows = measure(args.mpy, args.profile)
    print("%-34s %8s %8s" % ("%s bundle, %s" % ("mpy" if args.mpy else "py", args.profile),
                             "bytes", "free"))
    for label, cost, free in rows:
        print("%-34s %8d %8d" % (label, cost, free))
    return 0


if __name__ == "__main__":
    sys.exit(main())
