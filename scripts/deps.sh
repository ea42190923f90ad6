#!/usr/bin/env bash
# Installs the Debian 12 packages that building, running and testing LLM Sizer need, if any are
# missing: the list was found by running the README's two commands in a fresh Debian 12 minbase
# root (scripts/fresh-check.sh), which CI does on every change. Runs apt-get only when something
# is missing; needs root (or sudo) to install.
set -euo pipefail

packages=(
    # build
    cmake ninja-build g++ pkg-config git
    qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev libgl-dev
    libqt6opengl6-dev # Qt6Charts' CMake package requires Qt6OpenGL
    nlohmann-json3-dev
    # tests: formatting, clang-tidy, the sanitizer and fuzz builds (clang)
    clang-format clang-tidy clang libclang-rt-14-dev
    # the app without a display (scripts/run.sh starts it under a virtual X server)
    xvfb xauth
    # the desktop entry and AppStream checks, and the Debian package (scripts/package.sh)
    desktop-file-utils appstream dpkg-dev file
)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

echo "Installing missing packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
else
    echo "error: missing packages (${missing[*]}) and no root or sudo to install them" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
