"""Write what a screenshot looks like to deuteranopic and protanopic players (Machado et al. 2009):

    SDL_VIDEODRIVER=dummy python3 tools/cvd_screenshot.py SHOT.png [--width 960]

writes SHOT-deuteranopia.png and SHOT-protanopia.png beside it (see docs/accessibility.md)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main(argv: list[str] | None = None) -> int:
    import pygame

    from maria.render.cvd import simulate_surface

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("png")
    ap.add_argument("--width", type=int, default=960, help="scale to this width first (speed)")
    args = ap.parse_args(argv)
    pygame.display.init()
    img = pygame.image.load(args.png)
    w, h = img.get_size()
    if args.width and w > args.width:
        img = pygame.transform.smoothscale(img, (args.width, round(h * args.width / w)))
    src = Path(args.png)
    for kind in ("deuteranopia", "protanopia"):
        out = src.with_name(f"{src.stem}-{kind}.png")
        pygame.image.save(simulate_surface(img.convert(24) if img.get_bitsize() != 24 else img, kind), str(out))
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
