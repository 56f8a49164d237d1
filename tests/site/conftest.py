"""The built sites of both editions (``make site``'s, or built now): see ``support/sites.py``."""

from __future__ import annotations

import pytest

from support.sites import site_folder


@pytest.fixture(scope="session")
def teacher_site(tmp_path_factory):
    return site_folder("teacher", tmp_path_factory)


@pytest.fixture(scope="session")
def student_site(tmp_path_factory):
    return site_folder("student", tmp_path_factory)
