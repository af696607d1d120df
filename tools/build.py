"""Build the packaged program for this operating system: `python tools/build.py`.

1. PyInstaller builds a one-folder application from packaging/maria.spec into dist/MARIA/;
2. the built program's `--selftest` runs with an empty PATH and no PYTHONPATH (no Python needed);
3. the folder is archived as dist/MARIA-<version>-<os>-<arch>.zip (or .tar.gz on Linux).
Prints the bundle's size and the archive's path. Exit 0 on success.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def executable(dist: Path) -> Path:
    if sys.platform == "win32":
        return dist / "MARIA" / "maria.exe"
    if sys.platform == "darwin" and (dist / "MARIA.app").exists():
        return dist / "MARIA.app" / "Contents" / "MacOS" / "maria"
    return dist / "MARIA" / "maria"


def run_selftest(exe: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PATH"] = ""
    env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    env["MARIA_HOME"] = str(ROOT / "build" / "selftest-home")
    t0 = time.perf_counter()
    proc = subprocess.run(
        [str(exe), "--selftest"], env=env, cwd=str(exe.parent), capture_output=True, text=True, timeout=600
    )
    print(proc.stdout, end="")
    if proc.returncode != 0:
        print(proc.stderr, file=sys.stderr)
        raise SystemExit(f"the bundle's --selftest failed (exit {proc.returncode})")
    print(f"bundle selftest passed in {time.perf_counter() - t0:.1f} s (empty PATH, no PYTHONPATH)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-selftest", action="store_true")
    parser.add_argument("--no-archive", action="store_true")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from maria import __version__

    dist, work = ROOT / "dist", ROOT / "build" / "pyinstaller"
    t0 = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--distpath",
            str(dist),
            "--workpath",
            str(work),
            str(ROOT / "packaging" / "maria.spec"),
        ],
        check=True,
        cwd=str(ROOT),
    )
    exe = executable(dist)
    bundle = dist / ("MARIA.app" if sys.platform == "darwin" and (dist / "MARIA.app").exists() else "MARIA")
    print(f"built {bundle} in {time.perf_counter() - t0:.0f} s: {folder_size(bundle) / 2**20:.1f} MiB")
    if not args.skip_selftest:
        run_selftest(exe)
    if not args.no_archive:
        system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
        base = dist / f"MARIA-{__version__}-{system}-{platform.machine().lower()}"
        fmt = "gztar" if system == "linux" else "zip"
        archive = shutil.make_archive(str(base), fmt, root_dir=bundle.parent, base_dir=bundle.name)
        print(f"archive {archive}: {Path(archive).stat().st_size / 2**20:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
