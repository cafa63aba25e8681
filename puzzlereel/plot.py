"""Bar charts for ``analyze --plot`` (positions per depth, guesses per secret...).

Drawn with Pillow alone so that no plotting library is needed.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from puzzlereel.solvers.base import Series


def bar_chart(series: Series, path: str | Path, *, width: int = 900, height: int = 480) -> None:
    """Draw ``series`` (title, xlabel, ylabel, points) as a PNG at ``path``."""
    img = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    font = ImageFont.load_default()
    left, right, top, bottom = 80, 20, 40, 50
    pts = list(series.points)
    draw.text((left, 10), series.title, fill=(0, 0, 0), font=font)
    x0, y0, x1, y1 = left, top, width - right, height - bottom
    draw.line([(x0, y0), (x0, y1), (x1, y1)], fill=(0, 0, 0))
    if pts:
        ymax = max(y for _, y in pts) or 1
        n = len(pts)
        bw = (x1 - x0) / n
        for i, (_, y) in enumerate(pts):
            h = (y1 - y0) * y / ymax
            draw.rectangle([x0 + i * bw + 1, y1 - h, x0 + (i + 1) * bw - 1, y1],
                           fill=(70, 110, 190))
        step = max(1, n // 15)
        for i in range(0, n, step):
            draw.text((x0 + i * bw, y1 + 5), str(pts[i][0]), fill=(0, 0, 0), font=font)
        for frac in (0, 0.5, 1):
            v = ymax * frac
            yy = y1 - (y1 - y0) * frac
            draw.text((5, yy - 6), f"{v:,.0f}", fill=(0, 0, 0), font=font)
            draw.line([(x0 - 4, yy), (x0, yy)], fill=(0, 0, 0))
    draw.text(((x0 + x1) // 2 - 30, height - 20), series.xlabel, fill=(0, 0, 0), font=font)
    draw.text((5, 22), series.ylabel, fill=(0, 0, 0), font=font)
    img.save(path, format="PNG")
