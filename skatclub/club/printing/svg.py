"""Lines and shaded cells of a printed form as one SVG background image.

Owns `Drawing` (rectangles and lines in mm) and its data: URL. The Spielliste templates draw
their grid, the shaded dealer cells and the signature boxes this way: WeasyPrint parses one
SVG per kind of sheet and document and adds no boxes for it, so a form of hundreds of cells
costs about as much as a blank page. Reads and writes nothing.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field


@dataclass
class Drawing:
    width_mm: float
    height_mm: float
    fills: dict[str, list[str]] = field(default_factory=dict)  # colour -> rectangle paths
    strokes: dict[float, list[str]] = field(default_factory=dict)  # line width -> paths
    tiles: list[tuple[Drawing, float, float, float, float]] = field(default_factory=list)

    def tiled(self, tile: Drawing, x: float, y: float, width: float, height: float) -> None:
        """`tile` repeated over the rectangle (one PDF pattern: cheap however many rows)."""
        self.tiles.append((tile, x, y, width, height))

    def rect(self, x: float, y: float, width: float, height: float, colour: str) -> None:
        self.fills.setdefault(colour, []).append(
            f"M{x:.2f} {y:.2f}h{width:.2f}v{height:.2f}h{-width:.2f}z"
        )

    def hline(self, y: float, x0: float, x1: float, weight: float) -> None:
        self.strokes.setdefault(weight, []).append(f"M{x0:.2f} {y:.2f}H{x1:.2f}")

    def vline(self, x: float, y0: float, y1: float, weight: float) -> None:
        self.strokes.setdefault(weight, []).append(f"M{x:.2f} {y0:.2f}V{y1:.2f}")

    def box(self, x: float, y: float, width: float, height: float, weight: float) -> None:
        self.strokes.setdefault(weight, []).append(
            f"M{x:.2f} {y:.2f}h{width:.2f}v{height:.2f}h{-width:.2f}z"
        )

    def shapes(self) -> str:
        paths = [f"<path d='{''.join(d)}' fill='{c}'/>" for c, d in self.fills.items()]
        paths += [
            f"<path d='{''.join(d)}' stroke='#000' stroke-width='{w}' fill='none'/>"
            for w, d in sorted(self.strokes.items())
        ]
        return "".join(paths)

    @property
    def url(self) -> str:
        """The drawing as a data: URL (base64: no HTML or CSS escaping applies)."""
        defs, fills = [], []
        for index, (tile, x, y, width, height) in enumerate(self.tiles):
            defs.append(
                f"<pattern id='t{index}' patternUnits='userSpaceOnUse' x='{x:.3f}' y='{y:.3f}' "
                f"width='{tile.width_mm:.3f}' height='{tile.height_mm:.3f}'>{tile.shapes()}"
                "</pattern>"
            )
            fills.append(
                f"<rect x='{x:.3f}' y='{y:.3f}' width='{width:.3f}' height='{height:.3f}' "
                f"fill='url(#t{index})'/>"
            )
        svg = (
            f"<svg xmlns='http://www.w3.org/2000/svg' width='{self.width_mm:.2f}mm' "
            f"height='{self.height_mm:.2f}mm' viewBox='0 0 {self.width_mm:.2f} "
            f"{self.height_mm:.2f}'><defs>{''.join(defs)}</defs>{''.join(fills)}"
            f"{self.shapes()}</svg>"
        )
        return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode("ascii")
