"""Sphinx configuration of the course site, both editions.

Do not run sphinx-build on this folder directly: ``dp-puzzles site --edition teacher|student``
(``make site``) copies it into a temporary folder together with the lessons (the executed
notebooks, never executed again; for the student edition, their student editions), the API
pages and the vendored MathJax and widget manager, writes ``site.json`` there (the version,
the edition, the footer), and builds the site from that.
"""

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
SETTINGS = json.loads((HERE / "site.json").read_text())

project = "Puzzles & Dynamic Programming"
author = "The dp-puzzles contributors"
copyright = "2026, the dp-puzzles contributors (MIT licence)"
release = SETTINGS["version"]
version = SETTINGS["version"]

root_doc = "index"
extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.mathjax"]
exclude_patterns = ["_build", "**.ipynb_checkpoints", "_extra", "_templates", "site.json"]
suppress_warnings = ["mystnb.unknown_mime_type", "myst.header"]
templates_path = ["_templates"]

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
# a formula wider than its column is set a little smaller, or scrolls with a visible bar
html_js_files = [("fit-maths.js", {"defer": "defer"})]
html_favicon = "_static/favicon.svg"
html_show_sourcelink = False
html_copy_source = False
html_last_updated_fmt = None
# the version and the edition under the title, on every page
html_sidebars = {"**": ["navbar-logo.html", "edition.html", "search-button-field.html", "sbt-sidebar-nav.html"]}
# Notebook outputs (tables, figures, widgets) are drawn for a light page.
html_context = {"default_mode": "light", "site_edition": SETTINGS["edition_label"]}
html_theme_options = {
    # the student edition links to no repository: its main branch holds the worked solutions
    "repository_url": SETTINGS["repository"],
    "repository_branch": "main",
    "use_repository_button": bool(SETTINGS["repository"]),
    "use_download_button": False,
    "use_fullscreen_button": False,
    "use_edit_page_button": False,
    "use_issues_button": False,
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "navigation_with_keys": False,
    "extra_footer": SETTINGS["footer"],
}
