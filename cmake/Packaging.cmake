# A Debian package of the installed tree: `cpack -G DEB` in a build directory (scripts/package.sh)
# writes llm-sizer_<version>_amd64.deb. Dependencies come from dpkg-shlibdeps, which reads the
# shared libraries the programs link (Qt 6, libstdc++ …), so they match the build machine's
# Debian release.
set(CPACK_PACKAGE_NAME "llm-sizer")
set(CPACK_PACKAGE_VENDOR "LLM Sizer")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION "Counts a transformer's parameters exactly, component by component, \
and sizes its inference and training memory at every precision against real GPU capacities. \
Includes the desktop app (llm-sizer) and the command line tool (llm-sizer-cli).")
set(CPACK_PACKAGE_CONTACT "LLM Sizer maintainers <maintainers@llm-sizer.invalid>")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR "DEB")
set(CPACK_DEBIAN_FILE_NAME "DEB-DEFAULT")
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The GUI draws text: a font must be present on minimal systems (fontconfig depends on one).
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fontconfig")
set(CPACK_DEBIAN_COMPRESSION_TYPE "xz")
# Packaging builds only what is installed (the two programs), not the tests of a release tree.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
include(CPack)
