# The layering rules, read from the include lines of the sources and from the link graph
# (docs/architecture.md). Run by ctest as `cmake -DSOURCE_DIR=... [-DCLI_LIBS=...]
# [-DCORE_LIBS=...] -P check_layers.cmake`; prints every broken rule and fails when there is one.
# tests/layering/broken/ is a tree that breaks each rule once: the layering_rules_catch_breaks test
# runs this script on it and expects it to fail.
cmake_minimum_required(VERSION 3.25)

if(NOT SOURCE_DIR)
    message(FATAL_ERROR "SOURCE_DIR is required")
endif()

set(violations "")

function(violation text)
    set(violations "${violations}\n  ${text}" PARENT_SCOPE)
endfunction()

# The include lines of one file, as "<name>" or "\"name\"".
function(includes_of file out)
    file(STRINGS "${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
    set(result "")
    foreach(line IN LISTS lines)
        string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*([<\"][^>\"]*[>\"]).*$" "\\1" inc "${line}")
        list(APPEND result "${inc}")
    endforeach()
    set(${out} "${result}" PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE core_files "${SOURCE_DIR}/core/*.h" "${SOURCE_DIR}/core/*.cpp")
file(GLOB_RECURSE ui_files "${SOURCE_DIR}/ui/*.h" "${SOURCE_DIR}/ui/*.cpp")
file(GLOB_RECURSE cli_files "${SOURCE_DIR}/app/cli/*.h" "${SOURCE_DIR}/app/cli/*.cpp")

# The text layer (locale-independent numbers and names) depends on nothing else of the project.
set(text_layer text.h text.cpp format.h format.cpp)
# Compute reads a plain hardware description, never the GPU catalog.
set(compute_layer compute.h compute.cpp)

foreach(file IN LISTS core_files)
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${file}")
    get_filename_component(name "${file}" NAME)
    includes_of("${file}" incs)
    foreach(inc IN LISTS incs)
        # Rule 1: the core includes no Qt header and nothing of the app, its widgets or the CLI.
        if(inc MATCHES "^<Q")
            violation("${rel}: the core includes Qt (${inc})")
        endif()
        if(inc MATCHES "^\"(\\.\\./)*(ui|app|present)/")
            violation("${rel}: the core includes ${inc} (above the core)")
        endif()
        # Rule 2: the text layer includes only itself.
        if(name IN_LIST text_layer AND inc MATCHES "^\"llmsizer/"
           AND NOT inc MATCHES "^\"llmsizer/(text|format)\\.h\"$")
            violation("${rel}: the text layer includes ${inc}")
        endif()
        # Rule 3: compute never includes the GPU catalog.
        if(name IN_LIST compute_layer AND inc MATCHES "^\"llmsizer/gpu\\.h\"$")
            violation("${rel}: compute includes the GPU catalog (${inc})")
        endif()
    endforeach()
endforeach()

# Rule 4: the CLI includes nothing of the desktop app and no Qt GUI module.
foreach(file IN LISTS cli_files)
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${file}")
    includes_of("${file}" incs)
    foreach(inc IN LISTS incs)
        if(inc MATCHES "^\"(\\.\\./)*(ui|present)/" OR inc MATCHES "^<Qt(Gui|Widgets|Charts)"
           OR inc MATCHES "^<Q(Widget|Application|GuiApplication)>")
            violation("${rel}: the CLI includes ${inc}")
        endif()
    endforeach()
endforeach()

# Rule 5: widgets call no counting or memory function; the models (ConfigModel, ComparisonModel,
# ExploreModel) compute, once per edit, and the widgets read their results; SessionState checks
# a session's counts before applying it.
set(computing_files configmodel.cpp comparisonmodel.cpp exploremodel.cpp sessionstate.cpp)
foreach(file IN LISTS ui_files)
    get_filename_component(name "${file}" NAME)
    if(name IN_LIST computing_files OR NOT name MATCHES "\\.cpp$")
        continue()
    endif()
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${file}")
    file(STRINGS "${file}" calls REGEX
        "(^|[^>.:A-Za-z_])(countParameters|approx12Ld2|inferenceMemory|trainingMemory|memoryBars?|kvCache)\\(")
    foreach(call IN LISTS calls)
        string(STRIP "${call}" call)
        violation("${rel}: a widget computes: ${call}")
    endforeach()
endforeach()

# Rule 6 (link graph): the CLI links neither the widgets nor Qt's GUI modules; the core links no Qt.
if(DEFINED CLI_LIBS)
    foreach(lib IN LISTS CLI_LIBS)
        if(lib MATCHES "llmsizer(_|::)(ui|present)" OR lib MATCHES "Qt6::(Gui|Widgets|Charts|Svg)")
            violation("llm-sizer-cli links ${lib}")
        endif()
    endforeach()
endif()
if(DEFINED CORE_LIBS)
    foreach(lib IN LISTS CORE_LIBS)
        if(lib MATCHES "Qt")
            violation("llmsizer_core links ${lib}")
        endif()
    endforeach()
endif()

if(violations)
    message(FATAL_ERROR "layering rules broken:${violations}")
endif()
message(STATUS "layering rules hold")
