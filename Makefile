# circol: every target wraps CMake. `make run` and `make test` do all the set-up themselves.
BUILD      ?= build
BUILD_ASAN ?= build-asan
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
PREFIX     ?= /usr/local
CMAKE_FLAGS ?=
# Debian's Python, whose packages (python3-cffi, python3-numpy, ...) the Python binding uses
PYTHON     ?= /usr/bin/python3
# cmake --build runs make again below this one: no "Entering directory" lines from it
MAKEFLAGS  += --no-print-directory

.PHONY: all deps build run test test-unit test-sanitize test-web test-python format-check bench \
        bench-python install web fuzz fuzz-short soak clean

all: build

deps:
	@bash scripts/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DCIRCOL_WERROR=ON $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

run: build
	@bash scripts/run-default.sh $(BUILD)

test: format-check test-unit test-sanitize test-web test-python fuzz-short
	@echo "circol: all tests passed"

test-unit: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-sanitize: deps
	@cmake -S . -B $(BUILD_ASAN) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCIRCOL_WERROR=ON \
	    -DCIRCOL_SANITIZE=ON -DCIRCOL_BUILD_BENCH=OFF $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD_ASAN) -j $(JOBS)
	@cd $(BUILD_ASAN) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	    ctest --output-on-failure -j $(JOBS) -LE long

# The Python binding: compiled against $(BUILD)'s library into $(BUILD)/python, tested from there
# (no pip needed; `pip install ./python` is the installed route, python/README.md).
test-python: build
	@$(PYTHON) python/build_ffi.py --build-dir $(BUILD) --out $(BUILD)/python >/dev/null
	@cd python/tests && CIRCOL_BUILD_DIR=$(abspath $(BUILD)) PYTHONPATH=$(abspath $(BUILD))/python \
	    PYTHONDONTWRITEBYTECODE=1 $(PYTHON) -m pytest -q -p no:cacheprovider .

# What the Python binding costs over the C calls beneath it (python/bench/bench_python.py)
bench-python: build
	@$(PYTHON) python/build_ffi.py --build-dir $(BUILD) --out $(BUILD)/python >/dev/null
	@CIRCOL_BUILD_DIR=$(abspath $(BUILD)) PYTHONPATH=$(abspath $(BUILD))/python \
	    $(PYTHON) python/bench/bench_python.py --json $(BUILD)/python/bench.json

test-web: build
	@if [ -f web/Makefile ]; then $(MAKE) -C web test; else echo "circol: no web demo yet"; fi

fuzz-short: deps
	@if [ -f fuzz/CMakeLists.txt ]; then bash fuzz/run.sh short; else echo "circol: no fuzz targets yet"; fi

fuzz: deps
	@bash fuzz/run.sh long

soak: build
	@$(BUILD)/tests/soak --long

format-check: deps
	@files=$$(git ls-files '*.c' '*.h' 2>/dev/null); \
	if [ -n "$$files" ]; then clang-format --dry-run --Werror $$files; fi

bench: build
	@if [ -x $(BUILD)/bench/circol_bench ]; then $(BUILD)/bench/circol_bench --json bench/results.json --svg bench/results.svg; \
	else echo "circol: no benchmarks yet"; fi

install: build
	@cmake --install $(BUILD) --prefix $(PREFIX)

web: build
	@$(MAKE) -C web serve

clean:
	rm -rf $(BUILD) $(BUILD_ASAN) build-*
