"""Widget helpers shared by every unit: instructions, error lines, guarded callbacks, tables.

A unit's widget never shows a traceback: its callbacks run through ``guarded``, and a
``ValueError`` (the model's one-sentence complaint to the student) or a ``PackFault`` (a
missing or damaged data file, named with its rebuild command) lands in a ``MessageLine``
styled as an error. While a callback runs, the line says "working..." so that a computation
of a second or more shows that the widget is busy. This module imports no unit.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as widgets

from puzzles.course.checker import PackFault

__all__ = ["MessageLine", "error_html", "guarded", "html_table", "instruction", "int_slider"]

ERROR_STYLE = "color:#8b0000;background:#fdecea;border:1px solid #f5c2c0;border-radius:4px;padding:2px 8px"
BUSY_STYLE = "color:#495057;font-style:italic;padding:2px 8px"
BUSY = "working..."


def instruction(text: str) -> widgets.HTML:
    """A one-line instruction for the top of a widget (plain text, escaped)."""
    return widgets.HTML(f"<i>{html.escape(text)}</i>")


def int_slider(description: str, value: int, low: int, high: int) -> widgets.IntSlider:
    """An IntSlider on low..high with its whole description visible; ``value`` is clipped into range."""
    return widgets.IntSlider(
        value=min(max(value, low), high),
        min=low,
        max=high,
        description=description,
        style={"description_width": "initial"},
    )


def error_html(message: str) -> str:
    """The HTML of an error sentence, escaped and styled so that it reads as a complaint."""
    return f'<div class="puzzles-error" style="{ERROR_STYLE}">{html.escape(message)}</div>'


class MessageLine(widgets.HTML):
    """An HTML line that shows the last error sentence, or nothing; ``.text`` is the plain text."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(value="", **kwargs)
        self.text = ""
        self.busy = False

    def show_error(self, message: str) -> None:
        self.text = message
        self.busy = False
        self.value = error_html(message)

    def show_busy(self, note: str = BUSY) -> None:
        """A grey "working..." note (not an error: ``text`` stays empty)."""
        self.text = ""
        self.busy = True
        self.value = f'<div class="puzzles-busy" style="{BUSY_STYLE}">{html.escape(note)}</div>'

    def clear(self) -> None:
        self.text = ""
        self.busy = False
        self.value = ""


def guarded(action: Callable[..., Any], message: MessageLine) -> Callable[..., Any]:
    """Wrap a widget callback: show "working..." in ``message``, run ``action``, then clear the
    line, or show the sentence of a ValueError (bad input) or a PackFault (damaged data).

    Any other exception is a bug and propagates.
    """

    @functools.wraps(action)
    def run(*args: Any, **kwargs: Any) -> Any:
        message.show_busy()
        try:
            result = action(*args, **kwargs)
        except (ValueError, PackFault) as error:
            message.show_error(str(error))
            return None
        except BaseException:
            message.clear()
            raise
        if message.busy:
            message.clear()
        return result

    return run


def html_table(header: Sequence[str], rows: Iterable[Sequence[object]], highlight: int | None = None) -> str:
    """A small HTML table of strings; row number ``highlight`` (0-based) is shaded."""
    cell = "padding:1px 10px;text-align:right;border-bottom:1px solid #ddd"
    parts = ['<table style="border-collapse:collapse;font-family:monospace">', "<tr>"]
    parts += [f'<th style="{cell}">{html.escape(str(h))}</th>' for h in header]
    parts.append("</tr>")
    for index, row in enumerate(rows):
        shade = ' style="background:#fff3bf;font-weight:bold"' if index == highlight else ""
        parts.append(f"<tr{shade}>")
        parts += [f'<td style="{cell}">{html.escape(str(value))}</td>' for value in row]
        parts.append("</tr>")
    parts.append("</table>")
    return "".join(parts)
