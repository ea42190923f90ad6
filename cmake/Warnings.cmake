# One INTERFACE target carries the project's warning flags; every target links it.
# LLMSIZER_WERROR (on in CI and in the test script) turns warnings into errors.
# -Wnull-dereference is left out: at -O2 GCC 12 reports it inside nlohmann_json's inlined
# iterators (false positives in a third-party header that no pragma in our code can reach).
option(LLMSIZER_WERROR "Treat warnings as errors" OFF)

add_library(llmsizer_warnings INTERFACE)
add_library(llmsizer::warnings ALIAS llmsizer_warnings)

if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(llmsizer_warnings INTERFACE
        -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
        -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual
        -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough)
    if(LLMSIZER_WERROR)
        target_compile_options(llmsizer_warnings INTERFACE -Werror)
    endif()
    # GCC's -Wmaybe-uninitialized runs only when optimising, and GCC 12 gives it for the payload of
    # an engaged std::optional<integer> read after a branch (GCC bug 80635) and inside libstdc++'s
    # std::function under -fsanitize: false positives in optimised g++ builds (the release tree
    # the tests build in) that no initialisation in our code removes. clang's
    # -Wuninitialized / -Wsometimes-uninitialized (the sanitizer build, warnings as errors) and
    # the sanitizers themselves still check reads of uninitialised values.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        target_compile_options(llmsizer_warnings INTERFACE -Wno-maybe-uninitialized)
    endif()
endif()
