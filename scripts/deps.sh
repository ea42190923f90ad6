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
    # the locale tests (tst_locale, tst_ui_locale) run the CLI and the app under de_DE.UTF-8
    locales
)

# de_DE.UTF-8 (comma as the decimal separator) must exist for the locale tests to exercise it.
ensure_test_locale() {
    if locale -a 2>/dev/null | grep -qix 'de_DE.utf8'; then
        return 0
    fi
    local run=()
    if [ "$(id -u)" -ne 0 ]; then
        if ! command -v sudo >/dev/null 2>&1; then
            echo "warning: de_DE.UTF-8 is not generated and there is no root or sudo to generate it;" \
                "the locale tests will skip" >&2
            return 0
        fi
        run=(sudo)
    fi
    echo "Generating the de_DE.UTF-8 locale"
    "${run[@]}" sed -i 's/^# *de_DE.UTF-8 UTF-8/de_DE.UTF-8 UTF-8/' /etc/locale.gen
    grep -q '^de_DE.UTF-8 UTF-8' /etc/locale.gen ||
        echo 'de_DE.UTF-8 UTF-8' | "${run[@]}" tee -a /etc/locale.gen >/dev/null
    "${run[@]}" locale-gen >/dev/null
}

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    ensure_test_locale
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
ensure_test_locale
