"""The README's example and the gas example run, and the gas agrees with the literature."""

import os
import re
import runpy
import sys

import pytest

from conftest import ROOT

import circol


def python_blocks(path):
    with open(path) as text:
        return re.findall(r"```python\n(.*?)```", text.read(), re.S)


@pytest.mark.parametrize("readme", ["README.md", os.path.join("python", "README.md")])
def test_readme_example_runs(readme, capsys):
    blocks = python_blocks(os.path.join(ROOT, readme))
    assert blocks, "no python example in %s" % readme
    exec(compile(blocks[0], readme, "exec"), {"__name__": "readme"})
    assert capsys.readouterr().out.strip()


def gas_example():
    return runpy.run_path(os.path.join(ROOT, "python", "examples", "gas.py"))


def test_gas_equation_of_state_against_henderson():
    example = gas_example()
    for eta in (0.2, 0.45):
        world = example["make_gas"](400, eta, seed=3)
        world.advance_collisions(8000)
        z, error, _ = example["measure"](world, 40000)
        assert abs(z - example["henderson"](eta)) < max(5 * error, 0.02 * z)


def test_gas_example_writes_its_outputs(tmp_path):
    pytest.importorskip("matplotlib")
    pytest.importorskip("gsd.hoomd")
    sys_argv = ["--n", "64", "--eta", "0.2", "0.4", "--collisions", "2000", "--out",
                str(tmp_path)]
    assert gas_example()["main"](sys_argv) == 0
    for name in ("gas.gsd", "speeds.png", "eos.png"):
        assert os.path.getsize(tmp_path / name) > 0
    assert circol.__version__
    assert sys.modules.get("circol") is circol
