"""Where the map writes each place's name: beside its dot, on the first side where the name covers no other name,
no dot and no region title, so every name reads and every dot stays in the open. The text's size is estimated
(LABEL_SIZE and an average glyph width), which is why the candidates keep a margin; laid out once per process."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

LABEL_SIZE = 12  # the names' font size, in the map's units (viewer.css sets the same for `.place-name`)
GLYPH = 0.6  # an average glyph's width, as a share of the font size (generous for system-ui)
DOT = 10  # half the side of the square kept clear round each dot (an airport's square is 16 wide)
CUBE = 18  # the souvenir cube drawn up and right of a dot reaches this far right, and DOT + 5 up
MARGIN = 2


@dataclass(frozen=True)
class Box:
    left: float
    top: float
    right: float
    bottom: float

    def overlap(self, other: Box) -> float:
        wide = min(self.right, other.right) - max(self.left, other.left)
        high = min(self.bottom, other.bottom) - max(self.top, other.top)
        return wide * high if wide > 0 and high > 0 else 0.0


@dataclass(frozen=True)
class Label:
    """A name's baseline point and its SVG `text-anchor`."""

    x: float
    y: float
    anchor: str

    def box(self, width: float) -> Box:
        left = {"start": self.x, "middle": self.x - width / 2, "end": self.x - width}[self.anchor]
        top, bottom = self.y - LABEL_SIZE * 0.8, self.y + LABEL_SIZE * 0.25
        return Box(left - MARGIN, top - MARGIN, left + width + MARGIN, bottom + MARGIN)


def text_width(name: str, size: float = LABEL_SIZE) -> float:
    return len(name) * size * GLYPH


def lay_out(
    spots: Sequence[tuple[int, int]], names: Sequence[str], obstacles: Sequence[Box], size: tuple[int, int]
) -> list[Label]:
    """A label for each spot: the first candidate side that overlaps nothing laid so far, nor any dot, nor any of
    `obstacles`, inside the map of `size`; where none is free, the one that overlaps least. The most crowded
    places choose first."""
    dots = [Box(x - DOT, y - DOT - 5, x + CUBE, y + DOT) for x, y in spots]
    taken: list[Box] = [*obstacles]
    laid: dict[int, Label] = {}

    def crowd(index: int) -> int:
        x, y = spots[index]
        return -sum(1 for ox, oy in spots if abs(ox - x) < 120 and abs(oy - y) < 40)

    for index in sorted(range(len(spots)), key=crowd):
        width = text_width(names[index])
        around = [*taken, *(dot for n, dot in enumerate(dots) if n != index)]
        # min keeps the first of equals: the preferred side
        best = min(_candidates(*spots[index]), key=lambda label: _cost(label.box(width), around, size))
        laid[index] = best
        taken.append(best.box(width))
    return [laid[index] for index in range(len(spots))]


def _cost(box: Box, around: Sequence[Box], size: tuple[int, int]) -> float:
    """How much of what is already there `box` covers; a box leaving the map costs more than any overlap."""
    outside = box.left < 0 or box.top < 0 or box.right > size[0] or box.bottom > size[1]
    return sum(box.overlap(other) for other in around) + (1e6 if outside else 0.0)


def _candidates(x: int, y: int) -> list[Label]:
    """The sides to try, nearest and most readable first: right, left, below, above, then further out."""
    near = LABEL_SIZE // 3
    sides = []
    for reach in (1.0, 1.8, 2.6):
        gap = DOT + 2 + (reach - 1) * LABEL_SIZE
        sides += [
            Label(x + gap + CUBE - DOT, y + near, "start"),
            Label(x - gap, y + near, "end"),
            Label(x, y + gap + LABEL_SIZE * 0.8, "middle"),
            Label(x, y - gap, "middle"),
            Label(x + gap * 0.7, y - gap * 0.7, "start"),
            Label(x + gap * 0.7, y + gap * 0.7 + LABEL_SIZE * 0.6, "start"),
            Label(x - gap * 0.7, y - gap * 0.7, "end"),
            Label(x - gap * 0.7, y + gap * 0.7 + LABEL_SIZE * 0.6, "end"),
        ]
    return sides
