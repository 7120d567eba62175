"""Builds circol's cffi extension, circol._circol, against the library that CMake built.

Used two ways:

* by setup.py (``pip install ./python``), through ``cffi_modules``;
* directly, to stage an importable package without pip::

      /usr/bin/python3 python/build_ffi.py --build-dir build --out build/python

  which copies the package to ``build/python/circol`` and compiles the extension beside it.

The library is found in ``$CIRCOL_BUILD_DIR``, else in the repository's ``build`` folder; when
neither holds ``libcircol.a``, CMake builds the library alone into ``build-python``. The
extension links the static library, so the installed package needs nothing else at run time.
"""

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

import cffi

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The declarations cffi needs come from the public headers themselves (include/circol/*.h and
# bulk.h), so they cannot drift from the library: the C compiler's preprocessor expands them with
# the standard headers stubbed out (cffi knows bool, size_t and uint64_t itself), the bodies of
# the static inline helpers are dropped (cffi calls only what the library exports), and each
# floating-point #define becomes a constant that cffi reads from the real header.
STD_INCLUDE = re.compile(r"^\s*#\s*include\s*<([^>]+)>", re.M)
FLOAT_DEFINE = re.compile(r"^#define (CCL_[A-Z0-9_]+) ([-+0-9.eE]+)$", re.M)
INLINE_HEAD = re.compile(r"\bstatic\s+inline\b[^;{]*\{")
CALLBACKS = 'extern "Python" void ccl_py_log(const char *message, void *user);\n'


def standard_stubs(folder):
    """Empty files, in folder, for every standard header that the public headers include."""
    names = set()
    for header in [os.path.join(HERE, "bulk.h")] + public_headers():
        with open(header) as handle:
            names.update(STD_INCLUDE.findall(handle.read()))
    for name in names - {"circol/" + os.path.basename(path) for path in public_headers()}:
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "w").close()


def public_headers():
    """The paths of include/circol/*.h."""
    folder = os.path.join(ROOT, "include", "circol")
    return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".h"))


def drop_inline_bodies(text):
    """text without its static inline function definitions (head and braced body)."""
    out = []
    pos = 0
    while True:
        match = INLINE_HEAD.search(text, pos)
        if not match:
            out.append(text[pos:])
            return "".join(out)
        out.append(text[pos:match.start()])
        depth = 1
        cursor = match.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(text[cursor], 0)
            cursor += 1
        pos = cursor


def make_cdef(compiler=None):
    """The cdef: bulk.h and the public headers it includes, preprocessed and stripped."""
    compiler = shlex.split(compiler or os.environ.get("CC", "cc"))
    with tempfile.TemporaryDirectory() as stubs:
        standard_stubs(stubs)
        command = compiler + ["-E", "-nostdinc", "-I", stubs, "-I", os.path.join(ROOT, "include"),
                              os.path.join(HERE, "bulk.h")]
        code = subprocess.check_output(command + ["-P"], universal_newlines=True)
        macros = subprocess.check_output(command + ["-dM"], universal_newlines=True)
    constants = "".join("static const double %s;\n" % name
                        for name, _ in FLOAT_DEFINE.findall(macros))
    return drop_inline_bodies(code) + constants + CALLBACKS


# Compiled as the library is: no contraction into fused multiply-adds, no fast-math.
FP_FLAGS = ["-ffp-contract=off", "-fno-fast-math"]


def find_library():
    """The folder that holds libcircol.a, building it with CMake when none is found."""
    candidates = [os.environ.get("CIRCOL_BUILD_DIR"), os.path.join(ROOT, "build")]
    for folder in candidates:
        if folder and os.path.isfile(os.path.join(folder, "libcircol.a")):
            return os.path.abspath(folder)
    folder = os.path.join(ROOT, "build-python")
    off = ["-DCIRCOL_BUILD_%s=OFF" % part for part in ("TESTS", "TOOLS", "BENCH", "EXAMPLES")]
    subprocess.check_call(["cmake", "-S", ROOT, "-B", folder, "-DCMAKE_BUILD_TYPE=Release"] + off)
    subprocess.check_call(["cmake", "--build", folder, "--target", "circol"])
    return folder


def make_builder(library_dir=None):
    """The FFI builder for circol._circol, linked against library_dir/libcircol.a."""
    library_dir = library_dir or find_library()
    builder = cffi.FFI()
    builder.cdef(make_cdef())
    builder.set_source(
        "circol._circol",
        '#include <circol/circol.h>\n#include "bulk.h"\n',
        sources=[os.path.join(HERE, "bulk.c")],
        include_dirs=[os.path.join(ROOT, "include"), HERE],
        extra_objects=[os.path.join(library_dir, "libcircol.a")],
        libraries=["m"],
        extra_compile_args=FP_FLAGS,
    )
    return builder


def stage(build_dir, out_dir):
    """Copies the package to out_dir/circol and compiles the extension into it."""
    package = os.path.join(out_dir, "circol")
    shutil.rmtree(package, ignore_errors=True)
    shutil.copytree(os.path.join(HERE, "circol"), package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    builder = make_builder(os.path.abspath(build_dir) if build_dir else None)
    built = builder.compile(tmpdir=os.path.join(out_dir, "ffi-build"))
    return shutil.copy2(built, package)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build-dir", help="CMake build folder that holds libcircol.a")
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "python"),
                        help="where to stage the importable package (default build/python)")
    args = parser.parse_args(argv)
    built = stage(args.build_dir, os.path.abspath(args.out))
    print("circol: built %s" % os.path.relpath(built))
    return 0


# setup.py's cffi_modules asks for this name; building it then looks for the library.
if __name__ != "__main__":
    ffibuilder = make_builder()

if __name__ == "__main__":
    sys.exit(main())
