"""Sphinx configuration of the course site.

Do not run sphinx-build on this folder directly: ``make site`` (``python -m
puzzles.course.site``) copies it into ``build/site-src/`` together with the lessons (the
executed notebooks, never executed again), the API pages and the vendored MathJax and
widget manager, writes ``site.json`` there, and builds ``build/site/``.
"""

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
SETTINGS = json.loads((HERE / "site.json").read_text())

project = "Puzzles & Dynamic Programming"
author = "The dp-puzzles contributors"
copyright = "2026, the dp-puzzles contributors (MIT licence)"
release = SETTINGS["version"]

root_doc = "index"
extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.mathjax"]
exclude_patterns = ["_build", "**.ipynb_checkpoints", "_extra", "site.json"]
suppress_warnings = ["mystnb.unknown_mime_type", "myst.header"]

# The lessons are shown as they were executed and committed: never run here.
nb_execution_mode = "off"
nb_merge_streams = True
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence"]
myst_heading_anchors = 3
# "$$...$$" inside a paragraph, as Jupyter shows it
myst_dmath_double_inline = True

# Everything a reader's browser loads comes from this site: MathJax and the ipywidgets HTML
# manager (with RequireJS) are vendored from the npm registry at build time into _static/vendor.
mathjax_path = "vendor/mathjax/tex-chtml.js"
nb_ipywidgets_js = {
    "vendor/requirejs/require.js": {},
    "widgets-config.js": {},
    "vendor/html-manager/embed-amd.js": {},
}

autodoc_member_order = "bysource"
autodoc_typehints = "signature"

html_theme = "sphinx_book_theme"
html_title = "Puzzles & Dynamic Programming"
html_static_path = ["_static"]
html_extra_path = ["_extra"]
html_css_files = ["course.css"]
html_favicon = "_static/favicon.svg"
html_show_sourcelink = False
html_copy_source = False
html_last_updated_fmt = None
# Notebook outputs (tables, figures, widgets) are drawn for a light page.
html_context = {"default_mode": "light"}
html_theme_options = {
    "repository_url": SETTINGS["repository"],
    "repository_branch": "main",
    "use_repository_button": True,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "use_edit_page_button": False,
    "use_issues_button": False,
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "navigation_with_keys": False,
    "extra_footer": SETTINGS["footer"],
}
