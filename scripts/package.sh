#!/usr/bin/env bash
# Builds the Debian package: llm-sizer_<version>_amd64.deb in build/packages/ (the release build,
# installed under /usr, with dependencies from dpkg-shlibdeps). Install it with
#   apt-get install ./build/packages/llm-sizer_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target llm-sizer llm-sizer-cli
mkdir -p build/packages
(cd build/packages && cpack --config ../release/CPackConfig.cmake -G DEB)
rm -rf build/packages/_CPack_Packages
ls build/packages/*.deb
