# Puzzles & Dynamic Programming: the two commands a reader needs are `make lab` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8888
# JupyterLab refuses to start as root unless told; root is normal in containers and CI.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
NOTEBOOKS := $(shell find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort)

.PHONY: lab test unit doctest nbval student-test grade-check nbgrader-check site-check browser screenshots \
	site-screenshots notebooks student site release bench lint check-strength clean lock venv

# Every package of the environment, pinned with hashes: runtime and the dev, site and grading
# extras, for Linux and macOS on x86-64 and ARM, Python 3.11 and newer (`make lock`).
LOCK := requirements.lock
LOCK_FLAGS := --universal --python-version 3.11 --generate-hashes --extra dev --extra site --extra grading
UV ?= uv

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# (Re)install when the lock or the package metadata changes: the locked packages, checked
# against their hashes, then the pack itself without dependencies. The distribution is
# "dp-puzzles" (the import name stays `puzzles`); a venv made before the rename still holds a
# distribution called "puzzles", which is removed first so that one editable install serves the import.
# uv installs the same locked files, checked against the same hashes, in a fraction of pip's time
# (about 15 s against 40 on 2 cores); pip does it where uv is not installed (UV= forces pip).
INSTALL := $(if $(UV),$(if $(shell command -v $(UV) 2>/dev/null),$(UV) pip install --python $(BIN)/python --compile-bytecode,),)
INSTALL := $(if $(INSTALL),$(INSTALL),$(BIN)/python -m pip install)

$(STAMP): $(LOCK) pyproject.toml | $(BIN)/python
	$(if $(findstring -m pip,$(INSTALL)),$(BIN)/python -m pip install --quiet --upgrade pip,)
	if $(BIN)/python -m pip show --quiet puzzles >/dev/null 2>&1; then \
		$(BIN)/python -m pip uninstall --quiet --yes puzzles; fi
	rm -rf puzzles.egg-info
	$(INSTALL) --quiet --require-hashes -r $(LOCK)
	$(INSTALL) --quiet --no-deps -e .
	touch $(STAMP)

# Refresh the lock after a change to pyproject.toml's requirements: the pins already in the lock
# stay where they can. UPGRADE=1 moves every package to its newest release, UPGRADE="numpy
# scipy" only those; then re-execute the notebooks (make notebooks), review, commit both.
lock:
	@command -v $(UV) >/dev/null 2>&1 || { echo "make lock needs uv (pip install uv)"; exit 1; }
	$(UV) pip compile --quiet pyproject.toml $(LOCK_FLAGS) \
		$(if $(filter 1,$(UPGRADE)),--upgrade,$(foreach p,$(UPGRADE),--upgrade-package $(p))) -o $(LOCK)

venv: $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab $(ROOT_FLAG) --port=$(PORT) notebooks/00-course-map.ipynb

# The notebooks (nbval, then under other BLAS kernels) and the sites (build, then their answer
# scan) run side by side: the site build is one process, nbval's two workers leave gaps, and the
# two share no file. Each side's output is printed whole when it ends.
test: $(STAMP)
	$(MAKE) lint doctest unit
	$(MAKE) -j2 $(if $(filter output-sync,$(.FEATURES)),--output-sync=recurse,) test-notebooks test-sites
	$(MAKE) browser

.PHONY: test-notebooks test-sites
test-notebooks: $(STAMP)
	$(MAKE) nbval nbval-kernels

test-sites: $(STAMP)
	$(MAKE) site site-check

lint: $(STAMP)
	$(BIN)/ruff check puzzles tests

unit: $(STAMP)
	$(BIN)/pytest -q -n 2 --dist worksteal --durations=15 --ignore=tests/browser --ignore=tests/site tests

# the runnable examples in the docstrings
doctest: $(STAMP)
	$(BIN)/pytest -q -p no:randomly --doctest-modules puzzles

# every notebook, run once for both editions (tests/support/both_editions.py): the teacher
# notebook against its stored outputs, then its student edition from the first exercise, each
# check expected to say "Not attempted yet"
NBVAL_DIR := build/nbval
nbval: $(STAMP)
	rm -rf $(NBVAL_DIR)
	$(BIN)/python tests/support/both_editions.py --out $(NBVAL_DIR) >/dev/null
	$(BIN)/pytest -q -n 2 --dist loadfile -p no:randomly --nbval --nbval-current-env \
		--nbval-sanitize-with tests/nbval_sanitize.cfg --nbval-cell-timeout=300 \
		$$(find $(NBVAL_DIR) -name '*.ipynb' | sort)

# the higher-lower lessons under nbval (as above) with OpenBLAS forced onto two CPU kernels other
# than the machine's own (the first two of KERNELS that differ from it, as threadpoolctl reports
# them): their outputs must not depend on the BLAS kernel
.PHONY: nbval-kernels
KERNELS ?= Haswell Prescott Sandybridge
BLAS_KERNEL = $(BIN)/python -c 'import numpy, threadpoolctl; \
	print(" ".join(sorted({i["architecture"] for i in threadpoolctl.threadpool_info() if i["internal_api"] == "openblas"})))'
nbval-kernels: $(STAMP)
	own="$$($(BLAS_KERNEL))"; ran=0; \
	if [ -z "$$own" ]; then echo "numpy and scipy use no OpenBLAS here: no kernel to force"; exit 0; fi; \
	for kernel in $(KERNELS); do \
		forced="$$(OPENBLAS_CORETYPE=$$kernel $(BLAS_KERNEL))"; \
		if [ "$$forced" = "$$own" ]; then echo "OPENBLAS_CORETYPE=$$kernel: the machine's own kernel, skipped"; continue; fi; \
		echo "nbval of the higher-lower lessons with OPENBLAS_CORETYPE=$$kernel (OpenBLAS kernel $$forced, not $$own)"; \
		OPENBLAS_CORETYPE=$$kernel $(BIN)/pytest -q -n 2 --dist loadfile -p no:randomly --nbval --nbval-current-env \
			--nbval-sanitize-with tests/nbval_sanitize.cfg --nbval-cell-timeout=300 \
			$(filter notebooks/higher-lower/%,$(NOTEBOOKS)) || exit 1; \
		ran=$$((ran + 1)); [ $$ran -lt 2 ] || break; \
	done; \
	[ $$ran -ge 2 ] || { echo "fewer than two other OpenBLAS kernels could be forced"; exit 1; }

student: $(STAMP)
	$(BIN)/dp-puzzles student --out build/student

# the course site in both editions, from the executed notebooks (none is run): the teacher
# edition in build/site/, the student edition in build/site-student/; MathJax and the widget
# manager come from the npm registry once (cached in build/vendor/). HUB=https://... adds the
# "open on your JupyterHub" links (or set jupyterhub under [tool.dp-puzzles] in pyproject.toml)
site: $(STAMP)
	$(BIN)/dp-puzzles site --edition teacher --out build/site --vendor-cache build/vendor $(if $(HUB),--hub $(HUB),)
	$(BIN)/dp-puzzles site --edition student --out build/site-student --vendor-cache build/vendor $(if $(HUB),--hub $(HUB),)

# the answer scan of the built sites (make site first): no exercise's answer on the student
# site, its downloads or its zip, and every exercise's found on the teacher site
site-check: $(STAMP)
	$(BIN)/pytest -q -p no:randomly tests/site

# commit the student edition of the version in pyproject.toml under the tag v<version>-student
# and the branch student-v<version>, which the sites' launch links open (then git push them)
release: $(STAMP)
	$(BIN)/dp-puzzles release

# the grader on every lesson, teacher notebook and student edition (make test grades the first
# lesson of each unit; nbval and the student-edition test run every notebook)
grade-check: $(STAMP)
	PUZZLES_GRADE_EVERY_LESSON=1 $(BIN)/pytest -q -n 2 tests/course/test_grade.py

# nbgrader itself on every lesson: the worked and the released notebook of each autograded
# (make test releases every lesson and autogrades egg I)
nbgrader-check: $(STAMP)
	PUZZLES_NBGRADER_EVERY_LESSON=1 $(BIN)/pytest -q -p no:randomly tests/course/test_nbgrader.py

# what make nbval runs of the student edition, checked without running the lessons
student-test: $(STAMP)
	$(BIN)/pytest -q tests/course/test_student_edition_runs.py

# two workers, each with its own JupyterLab and chromium; a test file stays on one worker
browser: $(STAMP)
	$(BIN)/pytest -q -n 2 --dist loadfile --durations=10 tests/browser

# every lesson run in JupyterLab (headless Debian chromium): a PNG of each widget, figure and
# table under build/screenshots/<unit>/<lesson>/; LESSONS="egg/01-worst-case.ipynb" for a few
screenshots: $(STAMP)
	LESSONS="$(LESSONS)" $(BIN)/python tests/browser/screenshots.py

# both editions of the site (make site first) at 1280 and 400 px: build/screenshots/site/<edition>/
site-screenshots: $(STAMP)
	$(BIN)/python tests/browser/site_screenshots.py

notebooks: $(STAMP)
	for nb in $(NOTEBOOKS); do \
		$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
			--ExecutePreprocessor.timeout=600 --ExecutePreprocessor.kernel_name=python3 "$$nb" || exit 1; \
	done

bench: $(STAMP)
	$(BIN)/python -m puzzles.bench

# how strong each exercise's check is: every mutant of every worked solution through its check
# (JOBS=2 for two workers; default: one per core); rewrites notebooks/check-strength.md and the
# README's table. Run it alone: it keeps every core busy for several minutes.
check-strength: $(STAMP)
	$(BIN)/dp-puzzles check-strength --write $(if $(JOBS),--jobs $(JOBS),)

clean:
	rm -rf build .pytest_cache .hypothesis
