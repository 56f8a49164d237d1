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
from puzzles.course.validate import one_of, shown, whole_number

__all__ = [
    "MessageLine",
    "error_html",
    "guarded",
    "html_table",
    "instruction",
    "int_slider",
    "starting_option",
    "starting_value",
]

ERROR_STYLE = "color:#8b0000;background:#fdecea;border:1px solid #f5c2c0;border-radius:4px;padding:2px 8px"
BUSY_STYLE = "color:#495057;font-style:italic;padding:2px 8px"
BUSY = "working..."


def instruction(text: str) -> widgets.HTML:
    """A one-line instruction for the top of a widget (plain text, escaped)."""
    return widgets.HTML(f"<i>{html.escape(text)}</i>")


def starting_value(value: object, what: str, low: int, high: int) -> tuple[int, str]:
    """Where a control starts for a factory's argument, and a sentence when it is not the value
    asked for: outside low..high it starts at the nearest end, and anything but a whole number
    at ``low``. The widget shows the sentence, so nothing is clipped without a word."""
    try:
        number = whole_number(value, what)
    except ValueError as error:
        return low, f"{error}; the widget starts at {low}"
    if low <= number <= high:
        return number, ""
    start = min(max(number, low), high)
    return (
        start,
        f"{what} = {shown(number)} is outside the range {low}..{high} this widget serves; "
        f"it starts at {start}",
    )


def starting_option(value: object, what: str, options: Sequence[Any], default: Any) -> tuple[Any, str]:
    """A dropdown's start for a factory's argument: ``value`` when it is one of ``options``, else
    ``default`` and a sentence listing the options (never ipywidgets' "Invalid selection")."""
    try:
        return one_of(value, what, options), ""
    except ValueError as error:
        return default, f"{error}; the widget starts at {default!r}"


def int_slider(
    description: str, value: object, low: int, high: int, what: str | None = None
) -> widgets.IntSlider:
    """An IntSlider on low..high with its whole description visible. A ``value`` outside the
    range (or no whole number) starts the slider at the nearest end, and ``slider.start_note``
    holds the sentence saying so ("" otherwise) for the widget to show."""
    start, note = starting_value(value, what or description, low, high)
    slider = widgets.IntSlider(
        value=start,
        min=low,
        max=high,
        description=description,
        style={"description_width": "initial"},
    )
    slider.start_note = note
    return slider


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

    def show_notes(self, *notes: str) -> None:
        """Show the sentences of the arguments a widget could not start with (empty ones are
        skipped; nothing at all clears nothing), styled as a complaint."""
        text = "; ".join(note for note in notes if note)
        if text:
            self.show_error(text)

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
