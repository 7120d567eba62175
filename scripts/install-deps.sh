#!/usr/bin/env bash
# Installs the Debian packages the build, the tests, the benchmarks and the web demo need,
# when any is missing. Run as root (or with sudo available).
set -euo pipefail
packages=(
    build-essential cmake pkg-config python3
    libcmocka-dev libcjson-dev libpng-dev libsdl2-dev
    libbox2d-dev libchipmunk-dev
    clang clang-format lld libclang-rt-14-dev wasi-libc libclang-rt-14-dev-wasm32
    chromium
    python3-dev python3-cffi python3-numpy python3-setuptools python3-pytest
    python3-matplotlib python3-gsd python3-pip python3-venv
    parallel
)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js and npm (the web demo's tests): any installed ones will do, else Debian's
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if ((${#missing[@]} == 0)); then
    exit 0
fi
echo "circol: installing Debian packages: ${missing[*]}" >&2
sudo=()
if [[ $(id -u) -ne 0 ]]; then
    sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
