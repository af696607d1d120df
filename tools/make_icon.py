"""Draw the game's icon procedurally and write assets/icon/maria.{png,ico,icns}.

Run once after changing the design: `python tools/make_icon.py`. The ICO and ICNS files simply
embed PNG images (both formats allow it), so no image library beyond pygame-ce is needed.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icon"
PARCHMENT = (238, 226, 196)
INK = (60, 42, 28)
RED = (178, 34, 40)
WHITE = (250, 250, 246)
GOLD = (196, 150, 60)


def draw(size: int) -> pygame.Surface:
    """A white Austrian general's disc with a red 'M' on a parchment star fort."""
    big = size * 4
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    r = big * 0.47
    import math

    pts = []
    for i in range(16):  # eight-pointed star fort
        a = math.pi * 2 * i / 16 - math.pi / 2
        rr = r if i % 2 == 0 else r * 0.78
        pts.append((c + rr * math.cos(a), c + rr * math.sin(a)))
    pygame.draw.polygon(s, PARCHMENT, pts)
    pygame.draw.polygon(s, INK, pts, max(2, big // 48))
    pygame.draw.circle(s, GOLD, (c, c), r * 0.62)
    pygame.draw.circle(s, WHITE, (c, c), r * 0.56)
    pygame.draw.circle(s, INK, (c, c), r * 0.56, max(2, big // 64))
    pygame.font.init()
    font = pygame.font.Font(str(ROOT / "assets" / "fonts" / "DejaVuSerifCondensed-Bold.ttf"), int(r * 0.8))
    t = font.render("M", True, RED)
    s.blit(t, t.get_rect(center=(c, c + r * 0.04)))
    return pygame.transform.smoothscale(s, (size, size))


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "png")
    return buf.getvalue()


def write_ico(path: Path, sizes: list[int]) -> None:
    images = [png_bytes(draw(n)) for n in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries = b""
    for n, data in zip(sizes, images):
        entries += struct.pack("<BBBBHHII", n % 256, n % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    path.write_bytes(header + entries + b"".join(images))


def write_icns(path: Path) -> None:
    chunks = b""
    for kind, n in ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512)):
        data = png_bytes(draw(n))
        chunks += kind + struct.pack(">I", len(data) + 8) + data
    path.write_bytes(b"icns" + struct.pack(">I", len(chunks) + 8) + chunks)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(draw(256), str(OUT / "maria.png"))
    write_ico(OUT / "maria.ico", [16, 32, 48, 256])
    write_icns(OUT / "maria.icns")
    print(f"wrote {OUT}/maria.png, maria.ico, maria.icns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
