"""Legibility of the pack's figures: text at least 9 pt where the reader sees it, inside the canvas.

``legibility_problems(figure)`` draws a matplotlib figure and lists what a reader could not
read: a text smaller than ``MIN_POINTS`` once the figure is scaled to the width of a
JupyterLab output area (``DISPLAY_WIDTH`` pixels at the figure's dpi; a wider figure is
shrunk to fit), and a text that leaves the canvas. The tests run it on every figure the
units' ``plots`` modules return.
"""

from __future__ import annotations

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text

__all__ = ["DISPLAY_WIDTH", "MIN_POINTS", "display_scale", "legibility_problems"]

MIN_POINTS = 9.0
DISPLAY_WIDTH = 848  # pixels of a JupyterLab output area in a 1280-pixel-wide window (measured)


def display_scale(figure: Figure, display_width: int = DISPLAY_WIDTH) -> float:
    """How much the notebook shrinks the figure to fit its output area (1 when it fits)."""
    width = figure.get_figwidth() * figure.dpi
    return min(1.0, display_width / width)


def legibility_problems(
    figure: Figure, min_points: float = MIN_POINTS, display_width: int = DISPLAY_WIDTH
) -> list[str]:
    """Every text of ``figure`` that is too small at display size or leaves the canvas."""
    if not hasattr(figure.canvas, "get_renderer"):  # a Figure made without pyplot
        FigureCanvasAgg(figure)
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    scale = display_scale(figure, display_width)
    canvas = figure.bbox
    problems = []
    for text in figure.findobj(Text):
        content = text.get_text().strip()
        if not content or not text.get_visible() or not text.get_figure():
            continue
        extent = text.get_window_extent(renderer)
        if extent.width <= 0 or extent.height <= 0:
            continue
        shown = text.get_fontsize() * scale
        label = content if len(content) <= 40 else content[:37] + "..."
        if shown < min_points - 1e-6:
            problems.append(f"{label!r} is {shown:.1f} pt at display size (at least {min_points:g} pt)")
        if (
            extent.x0 < canvas.x0 - 1
            or extent.y0 < canvas.y0 - 1
            or extent.x1 > canvas.x1 + 1
            or extent.y1 > canvas.y1 + 1
        ):
            problems.append(f"{label!r} leaves the canvas")
    return problems
