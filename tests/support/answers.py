"""Each exercise's answer, as markers to look for in anything the pack publishes.

The markers are drawn from the teacher notebooks through the course model
(``puzzles.instructor.course``): for each exercise, the cells that hold or show its answer.

**Where markers come from** (``answer_markers``):

* the worked code (the exercise's code solution cells) and the source of its reveal code
  cells: every line but blank lines, imports and the "# Worked solution ..." header;
* the written argument (its Markdown solution cells) and the source of its reveal Markdown
  cells: every formula (``$...$``, ``$$...$$``, ``\\begin{..}...\\end{..}``) and every sentence
  of the prose between formulas, its Markdown markup (emphasis, links, tags, bullets) taken off;
* the outputs of its reveal cells: every line of text they print or display (a row of an HTML
  table is a line), and every picture, by the SHA-256 of its PNG bytes;
* its giveaways: short texts that give the answer away, kept with the tests
  (``support/giveaways.py``), never in the package a student installs.

**How they are compared.** Text is compared in a normal form (``normal``): HTML turned into
its text, TeX's math delimiters (``\\(``, ``\\)``, ``\\[``, ``\\]``, ``$``) and all white space
removed, typographic quotes, dashes and ellipses as ASCII (the site's renderer turns ``'`` into
``’``). A marker matches anywhere in a document's normal form, except a giveaway, which must
stand on its own (``2/5`` is not found in ``12/5`` or ``2/50``; white space is free).

**Which are kept.** A marker must be distinctive:

* long enough in normal form: ``MIN_CODE`` characters for a line of code or output,
  ``MIN_FORMULA`` for a formula, ``MIN_SENTENCE`` for a sentence, so that ``return x``,
  ``t += 1`` or ``$q+1$`` are not markers; a giveaway that is a bare number of fewer than
  ``MIN_NUMBER`` characters (``1.8``, ``4986``) is dropped: equation numbers and counts
  are everywhere;
* and not something the student reads in the open before the exercise's check: the course
  map, the earlier lessons, and the exercise's own lesson above its check, each cell that is
  no solution and no reveal (a check without its verdict; a solution as the student edition's
  stub; a TeX fraction also as code writes it, ``\\frac{N-2}{M+1}`` as ``(N-2)/(M+1)``). A
  formula the lesson derives before the exercise is not its answer.

A marker the course states in the open *after* the check (a later lesson building on the
result) is no leak in that lesson's page and notebooks, and is one everywhere else: the API
pages, the home page, an earlier lesson.

**What is scanned** (``documents``): a page's text and the widget state it embeds; a notebook's
sources, outputs and metadata; a zip's notebooks, text files and the docstrings of its Python
files (what ``help()`` and the API pages show), but not the checks
(``puzzles/<unit>/exercises.py``) and the checker (``puzzles/course/checker.py``): they compare
a student's answer with a reference in the student's own kernel, so they must travel with the
student edition; pictures by their bytes. The checks' whole text is scanned apart, for the
giveaways and the lines of worked code only (``tests/course/test_every_exercise.py``): their
references are computed from the package's documented functions, never written out.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import zipfile
from base64 import b64decode
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from puzzles.instructor import course as model
from puzzles.instructor.student import ARGUMENT_STUB, stub_source
from support.giveaways import giveaways

__all__ = [
    "MIN_CODE",
    "MIN_FORMULA",
    "MIN_SENTENCE",
    "MIN_NUMBER",
    "Marker",
    "Markers",
    "Document",
    "Hit",
    "normal",
    "html_text",
    "markdown_text",
    "notebook_text",
    "open_cells",
    "answer_markers",
    "documents",
    "scan",
]

MIN_CODE = 12
MIN_FORMULA = 10
MIN_SENTENCE = 24
MIN_NUMBER = 6

_TYPOGRAPHY = str.maketrans(
    {"‘": "'", "’": "'", "“": '"', "”": '"', "–": "--", "—": "---", "…": "...", "−": "-", "\u00a0": " "}
)
_MATH_DELIMITERS = re.compile(r"\\\(|\\\)|\\\[|\\\]|\$")
_SPACE = re.compile(r"\s+")


def normal(text: str) -> str:
    """The normal form in which markers and documents are compared: no white space at all."""
    return _SPACE.sub("", _MATH_DELIMITERS.sub("", text.translate(_TYPOGRAPHY)))


def _spaced(text: str) -> str:
    """The normal form with its white space kept (one space), for giveaways' word boundaries."""
    return _SPACE.sub(" ", _MATH_DELIMITERS.sub(" ", text.translate(_TYPOGRAPHY)))


@cache
def _giveaway_pattern(text: str) -> re.Pattern[str]:
    """``text`` standing on its own, white space free: ``2/5`` in "take 2/5 of", not in "12/5"."""
    form = normal(text)
    before = r"(?<![\w/.])" if form[:1].isalnum() else ""
    after = r"(?![\w/])" if form[-1:].isalnum() else ""
    return re.compile(before + r"\s*".join(map(re.escape, form)) + after)


# -- documents as text ----------------------------------------------------------------------------


class _Text(HTMLParser):
    """The text of an HTML document, a line per block; scripts and styles left out, except the
    widget state a page embeds (JSON: what a saved widget shows)."""

    BLOCKS = {"p", "div", "br", "li", "tr", "pre", "table", "dt", "dd", "section", "h1", "h2", "h3", "h4"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 0 if "widget-state" in (dict(attrs).get("type") or "") else 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self.skip:
            self.skip -= 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def html_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)


def _joined(value) -> str:
    return value if isinstance(value, str) else "".join(value)


def _output_texts(output: dict) -> list[str]:
    texts = []
    if "text" in output:
        texts.append(_joined(output["text"]))
    data = output.get("data", {})
    for kind in ("text/plain", "text/markdown", "text/latex"):
        if kind in data:
            texts.append(_joined(data[kind]))
    if "text/html" in data:
        texts.append(html_text(_joined(data["text/html"])))
    for name in ("ename", "evalue"):
        if name in output:
            texts.append(str(output[name]))
    texts += [_joined(line) for line in output.get("traceback", [])]
    return texts


def _pictures(output: dict) -> list[str]:
    data = output.get("data", {})
    if "image/png" not in data:
        return []
    return [hashlib.sha256(b64decode(_joined(data["image/png"]))).hexdigest()]


def notebook_text(notebook: dict) -> str:
    """Everything a notebook holds as text: sources, outputs, metadata (widget state included)."""
    parts = [json.dumps(notebook.get("metadata", {}))]
    for cell in notebook.get("cells", []):
        parts.append(_joined(cell.get("source", "")))
        parts.append(json.dumps(cell.get("metadata", {})))
        for output in cell.get("outputs", []):
            parts += _output_texts(output)
    return "\n".join(parts)


_MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+?\$|\\begin\{(\w+\*?)\}.+?\\end\{\1\}", re.DOTALL)
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_TAG = re.compile(r"</?[A-Za-z][^<>]*>")


def _plain(prose: str) -> str:
    """Markdown prose without its markup (links to their text, no emphasis, tags or bullets);
    the text of a code span stays as it is."""
    parts = re.split(r"(`+)(.+?)\1", prose)  # text, ticks, code, text, ticks, code, ...
    out = []
    for n, part in enumerate(parts):
        if n % 3 == 2:
            out.append(part)
        elif n % 3 == 0:
            part = _LINK.sub(r"\1", part)
            part = _TAG.sub(" ", part)
            part = re.sub(r"(?m)^\s*(?:[*+-]|\d+\.|#+)\s+", "", part)
            part = part.replace("**", "")
            out.append(re.sub(r"(?<!\w)\*|\*(?!\w)", "", part))
    return "".join(out)


_FRACTION = re.compile(r"\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}")


def _fractions_inline(text: str) -> str:
    """TeX's fractions written inline, as code writes them: ``\\frac{N-2}{M+1}`` as ``(N-2)/(M+1)``."""
    while True:
        plain = _FRACTION.sub(r"(\1)/(\2)", text)
        if plain == text:
            return text
        text = plain


def markdown_text(source: str) -> str:
    """A Markdown cell as its reader sees the text: prose without markup, formulas as written."""
    parts, last = [], 0
    for match in _MATH.finditer(source):
        parts += [_plain(source[last : match.start()]), match.group(0)]
        last = match.end()
    return "".join(parts + [_plain(source[last:])])


# -- the markers ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Marker:
    """One trace of an exercise's answer: what is searched for, and where it comes from."""

    exercise: str
    kind: str  # "code", "formula", "sentence", "output", "picture", "giveaway"
    text: str  # as written in the teacher notebook or the registration (a picture: its hash)
    normal: str  # its normal form (a picture: its hash)
    # the lessons that state it in the open after the exercise's check: there it is no leak
    stated_later: frozenset[str] = frozenset()

    def found_in(self, document: Document) -> bool:
        if self.kind == "picture":
            return self.normal in document.pictures
        if self.kind == "giveaway":  # the plain test first: it is much the quicker
            return (
                self.normal in document.text
                and _giveaway_pattern(self.text).search(document.spaced) is not None
            )
        return self.normal in document.text


@dataclass
class Markers:
    """Every exercise's markers, and the candidates dropped, with why."""

    by_exercise: dict[str, list[Marker]] = field(default_factory=dict)
    dropped: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    def all(self) -> list[Marker]:
        return [marker for markers in self.by_exercise.values() for marker in markers]


_IMPORT = re.compile(r"^(import\s|from\s+\S+\s+import\s)")
_HEADER = re.compile(r"^#\s*worked solution", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")
_BARE_NUMBER = re.compile(r"^[\d.,]+$")
MINIMUM = {"code": MIN_CODE, "output": MIN_CODE, "formula": MIN_FORMULA, "sentence": MIN_SENTENCE}


def _code_lines(source: str) -> list[str]:
    lines = []
    for line in source.splitlines():
        stripped = line.strip()
        if stripped and not _IMPORT.match(stripped) and not _HEADER.match(stripped):
            lines.append(stripped)
    return lines


def _markdown_pieces(source: str) -> list[tuple[str, str]]:
    """``(kind, text)`` of a Markdown cell: its formulas, and the sentences of its prose."""
    pieces = [("formula", match.group(0)) for match in _MATH.finditer(source)]
    # a formula ends the prose around it: the page puts the typeset formula in between
    prose = _plain(_MATH.sub("\n\n", source))
    for chunk in re.split(r"\n\s*\n", prose):
        for sentence in _SENTENCE_END.split(" ".join(chunk.split())):
            if sentence.strip():
                pieces.append(("sentence", sentence.strip()))
    return pieces


@dataclass(frozen=True)
class Document:
    """Something a reader can open, in normal form."""

    name: str  # where it is: a path, or zip!member
    text: str  # normal form
    spaced: str = ""  # normal form with its white space (one space)
    pictures: frozenset[str] = frozenset()
    lesson: str = ""  # the lesson it is a page or notebook of ("egg/01-worst-case"), else ""

    @classmethod
    def of(cls, name: str, text: str, pictures: Iterable[str] = (), lesson: str = "") -> Document:
        return cls(name, normal(text), _spaced(text), frozenset(pictures), lesson)


def open_cells(course: model.Course) -> list[tuple[str, int, Document]]:
    """``(lesson, cell index, text)`` of every cell a student reads in the open, in course order
    (the course map first, as lesson ``00-course-map``): every cell that is no solution and no
    reveal (a check without its verdict), and a solution as the student edition's stub."""
    found = []
    for path in course.notebooks():
        lesson = path.relative_to(course.root).with_suffix("").as_posix()
        for index, cell in enumerate(model.read_notebook(path).cells):
            tags = model.tags(cell)
            if model.TAG_REVEALS in tags:
                continue
            if model.TAG_SOLUTION in tags:
                try:
                    text = stub_source(cell.source) if cell.cell_type == "code" else ARGUMENT_STUB
                except (SyntaxError, ValueError):
                    continue
            else:
                if cell.cell_type == "markdown":  # a formula counts in its inline form too
                    shown = markdown_text(cell.source)
                    parts = [shown, _fractions_inline(shown)]
                else:
                    parts = [cell.source]
                if model.TAG_CHECK not in tags:
                    for output in cell.get("outputs", []):
                        parts += _output_texts(output)
                text = "\n".join(parts)
            found.append((lesson, index, Document.of(f"{lesson}#{index}", text, lesson=lesson)))
    return found


def answer_markers(course: model.Course) -> Markers:
    """Every exercise's markers, by the module's rules."""
    cells_in_the_open = open_cells(course)
    order = {
        path.relative_to(course.root).with_suffix("").as_posix(): n
        for n, path in enumerate(course.notebooks())
    }
    result = Markers()
    for exercise in course.exercises:
        place = (order[exercise.lesson.file], exercise.cells.check)
        earlier = [doc for lesson, index, doc in cells_in_the_open if (order[lesson], index) < place]
        later = [doc for lesson, index, doc in cells_in_the_open if (order[lesson], index) > place]
        cells = exercise.lesson.notebook.cells
        candidates: list[tuple[str, str]] = []
        for index in exercise.cells.solutions:
            candidates += [("code", line) for line in _code_lines(cells[index].source)]
        for index in exercise.cells.arguments:
            candidates += _markdown_pieces(cells[index].source)
        pictures: list[str] = []
        for index in exercise.cells.reveals:
            cell = cells[index]
            if cell.cell_type == "markdown":
                candidates += _markdown_pieces(cell.source)
                continue
            candidates += [("code", line) for line in _code_lines(cell.source)]
            for output in cell.get("outputs", []):
                for text in _output_texts(output):
                    candidates += [("output", line.strip()) for line in text.splitlines()]
                pictures += _pictures(output)
        candidates += [("giveaway", text) for text in giveaways(exercise.id)]
        kept: dict[tuple[str, str], Marker] = {}
        dropped = result.dropped.setdefault(exercise.id, [])
        for kind, text in candidates:
            form = normal(text)
            if kind == "giveaway" and _BARE_NUMBER.match(form) and len(form) < MIN_NUMBER:
                dropped.append((text, "a bare number too short to mean the answer"))
                continue
            if kind != "giveaway" and len(form) < MINIMUM[kind]:
                dropped.append((text, "too short"))
                continue
            if (kind == "giveaway", form) in kept:
                continue
            marker = Marker(exercise.id, kind, text, form)
            if any(marker.found_in(doc) for doc in earlier):
                dropped.append((text, "in the open before the check"))
                continue
            stated = frozenset(doc.lesson for doc in later if marker.found_in(doc))
            kept[(kind == "giveaway", form)] = Marker(exercise.id, kind, text, form, stated)
        for digest in dict.fromkeys(pictures):
            kept.setdefault((False, digest), Marker(exercise.id, "picture", digest, digest))
        result.by_exercise[exercise.id] = list(kept.values())
    return result


# -- the documents and the scan ----------------------------------------------------------------------

TEXT_SUFFIXES = {".md", ".txt", ".toml", ".yml", ".yaml", ".cfg", ""}
# the checks compare a student's answer with a reference in the student's own kernel, so they
# and the checker travel with the student edition; their code is not scanned
CHECK_MODULES = re.compile(r"(^|/)puzzles/(?:[^/]+/exercises|course/checker)\.py$")


def _docstrings(source: str) -> str:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return ""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            docstring = ast.get_docstring(node, clean=False)
            if docstring:
                found.append(docstring)
    return "\n".join(found)


def _notebook_document(name: str, raw: bytes, lesson: str) -> Document:
    notebook = json.loads(raw)
    pictures = [
        digest
        for cell in notebook.get("cells", [])
        for output in cell.get("outputs", [])
        for digest in _pictures(output)
    ]
    return Document.of(name, notebook_text(notebook), pictures, lesson)


class _Lessons:
    """Which lesson a page or notebook is, by its path (``.../egg/01-worst-case.html``)."""

    def __init__(self, course: model.Course | None) -> None:
        names = [] if course is None else [lesson.file for lesson in course.lessons]
        alternatives = "|".join(map(re.escape, names)) or "(?!)"
        self.pattern = re.compile(r"(?:^|/)(" + alternatives + r")\.(?:html|ipynb)$")

    def __call__(self, name: str) -> str:
        match = self.pattern.search(name)
        return match.group(1) if match else ""


def _zip_documents(path: Path, name: str, lesson_of: _Lessons) -> Iterable[Document]:
    with zipfile.ZipFile(path) as archive:
        for member in archive.namelist():
            if member.endswith("/") or CHECK_MODULES.search(member):
                continue
            raw = archive.read(member)
            where = f"{name}!{member}"
            suffix = Path(member).suffix
            if suffix == ".ipynb":
                yield _notebook_document(where, raw, lesson_of(member))
            elif suffix == ".py":
                yield Document.of(where, _docstrings(raw.decode("utf-8")))
            elif suffix == ".png":
                yield Document.of(where, "", [hashlib.sha256(raw).hexdigest()])
            elif suffix in TEXT_SUFFIXES:
                yield Document.of(where, raw.decode("utf-8", errors="replace"))


def documents(folder: Path, course: model.Course | None = None) -> Iterable[Document]:
    """Everything under ``folder`` a reader can open: pages, notebooks, zips, text files, pictures
    (each page or notebook of a lesson of ``course`` knows its lesson).

    The vendored libraries (``_static/vendor``) and the theme's files are not the course's."""
    lesson_of = _Lessons(course)
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        name = path.relative_to(folder).as_posix()
        if name.startswith(("_static/vendor/", "_static/styles/", "_static/scripts/")):
            continue
        suffix = path.suffix
        if suffix == ".html":
            yield Document.of(name, html_text(path.read_text(encoding="utf-8")), lesson=lesson_of(name))
        elif suffix == ".ipynb":
            yield _notebook_document(name, path.read_bytes(), lesson_of(name))
        elif suffix == ".zip":
            yield from _zip_documents(path, name, lesson_of)
        elif suffix == ".png":
            yield Document.of(name, "", [hashlib.sha256(path.read_bytes()).hexdigest()])
        elif suffix in (".md", ".txt"):
            yield Document.of(name, path.read_text(encoding="utf-8", errors="replace"))


@dataclass(frozen=True)
class Hit:
    marker: Marker
    document: str


def scan(markers: Markers, docs: Iterable[Document], excuse_later: bool = True) -> list[Hit]:
    """Every marker found in a document where it is a leak: anywhere but in a lesson that states
    it in the open after the exercise's check (``excuse_later=False``: anywhere at all)."""
    hits = []
    every = markers.all()
    for doc in docs:
        for marker in every:
            if marker.found_in(doc) and not (excuse_later and doc.lesson in marker.stated_later):
                hits.append(Hit(marker, doc.name))
    return hits
