"""Shared settings: where the CMake build lives (for the command-line tool) and seeded RNGs."""

import os

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("CIRCOL_BUILD_DIR", os.path.join(ROOT, "build"))


@pytest.fixture
def rng():
    return np.random.default_rng(20240611)


@pytest.fixture
def cli():
    path = os.path.join(BUILD, "tools", "circol")
    if not os.access(path, os.X_OK):
        pytest.skip("the circol tool is not built in %s" % BUILD)
    return path
