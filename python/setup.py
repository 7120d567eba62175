"""Builds and installs the circol package: ``pip install ./python`` (see README.md)."""

from setuptools import setup

setup(
    name="circol",
    version="0.1.0",
    description="Exact collision detection and response between moving circles",
    packages=["circol"],
    python_requires=">=3.9",
    install_requires=["cffi>=1.15", "numpy"],
    extras_require={"gsd": ["gsd"], "examples": ["gsd", "matplotlib"]},
    setup_requires=["cffi>=1.15"],
    cffi_modules=["build_ffi.py:ffibuilder"],
    zip_safe=False,
)
