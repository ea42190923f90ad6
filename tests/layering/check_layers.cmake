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
file(GLOB_RECURSE present_files "${SOURCE_DIR}/present/*.h" "${SOURCE_DIR}/present/*.cpp")
file(GLOB_RECURSE ui_files "${SOURCE_DIR}/ui/*.h" "${SOURCE_DIR}/ui/*.cpp")
file(GLOB_RECURSE cli_files "${SOURCE_DIR}/app/cli/*.h" "${SOURCE_DIR}/app/cli/*.cpp")

# The core's modules, lowest first: a module includes only itself and the modules before it.
# text (numbers and names as text) <- model (configurations and their exact count) <- precision
# <- memory <- compute (with the plain hardware description, never the catalog) <- shape
# (explorer and fit searches) <- json <- catalog (presets, GPUs, sessions) <- formats (checkpoints
# and imported configs) <- local (this machine: its hardware and the models on its disk).
set(core_modules text model precision memory compute shape json catalog formats local)

# The module of a core file (core/include/llmsizer/<module>/ or core/src/<module>/), or "".
function(module_of_file rel out)
    set(result "")
    if(rel MATCHES "^core/(include/llmsizer|src)/([a-z]+)/")
        set(result "${CMAKE_MATCH_2}")
    endif()
    set(${out} "${result}" PARENT_SCOPE)
endfunction()

foreach(file IN LISTS core_files)
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${file}")
    module_of_file("${rel}" module)
    list(FIND core_modules "${module}" level)
    if(level EQUAL -1)
        violation("${rel}: outside the core's modules (${core_modules})")
    endif()
    includes_of("${file}" incs)
    foreach(inc IN LISTS incs)
        # Rule 1: the core includes no Qt header and nothing of the app, its widgets, the CLI or
        # the presentation layer.
        if(inc MATCHES "^<Q")
            violation("${rel}: the core includes Qt (${inc})")
        endif()
        if(inc MATCHES "^\"(\\.\\./)*(ui|app|present)/" OR inc MATCHES "^\"llmsizer/present/")
            violation("${rel}: the core includes ${inc} (above the core)")
        endif()
        # Rule 2: inside the core, includes only go downward.
        if(inc MATCHES "^\"(llmsizer/)?([a-z]+)/" AND NOT CMAKE_MATCH_2 STREQUAL "present")
            set(target "${CMAKE_MATCH_2}")
            list(FIND core_modules "${target}" target_level)
            if(target_level GREATER level)
                violation("${rel}: ${module} includes ${inc} (${target} is above ${module})")
            endif()
        endif()
    endforeach()
endforeach()

# Rule 3: the presentation layer includes no Qt and nothing of the app or its widgets.
foreach(file IN LISTS present_files)
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${file}")
    includes_of("${file}" incs)
    foreach(inc IN LISTS incs)
        if(inc MATCHES "^<Q" OR inc MATCHES "^\"(\\.\\./)*(ui|app)/")
            violation("${rel}: the presentation layer includes ${inc}")
        endif()
    endforeach()
endforeach()

# Rule 4: the CLI includes nothing of the desktop app or its presentation layer, and no Qt GUI
# module.
foreach(file IN LISTS cli_files)
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${file}")
    includes_of("${file}" incs)
    foreach(inc IN LISTS incs)
        if(inc MATCHES "^\"(\\.\\./)*(ui|present)/" OR inc MATCHES "^\"llmsizer/present/"
           OR inc MATCHES "^<Qt(Gui|Widgets|Charts)"
           OR inc MATCHES "^<Q(Widget|Application|GuiApplication)>")
            violation("${rel}: the CLI includes ${inc}")
        endif()
    endforeach()
endforeach()

# Rule 5: widgets compute nothing. No file of ui/ outside state/ includes a computing module of
# the core (model/count.h, model/mixer.h, memory/, compute/ but for the plain hardware
# description compute/hardware.h, shape/): every view's numbers come from one evaluate() of
# present/, held by a model in ui/state/, and widgets read its snapshot.
foreach(file IN LISTS ui_files)
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${file}")
    if(rel MATCHES "^ui/state/")
        continue()
    endif()
    includes_of("${file}" incs)
    foreach(inc IN LISTS incs)
        set(computing FALSE)
        if(inc MATCHES "^\"llmsizer/(model/(count|mixer)|memory/|shape/)")
            set(computing TRUE)
        elseif(inc MATCHES "^\"llmsizer/compute/" AND NOT inc MATCHES "^\"llmsizer/compute/hardware\\.h\"$")
            set(computing TRUE)
        endif()
        if(computing)
            violation("${rel}: a widget includes ${inc} (only ui/state/ computes)")
        endif()
    endforeach()
endforeach()

# Rule 8: the widgets are in floors, each including only its own folder and the floors below:
# state/ (the models, Qt Core only) <- kit/ (shared widgets) <- charts/ <- the views (overview/,
# compare/, teach/, hardware/, local/, side by side: a view includes no other view) <- shell/ (the
# main window, its tabs and menus).
set(ui_floor_state 0)
set(ui_floor_kit 1)
set(ui_floor_charts 2)
set(ui_views overview compare teach hardware local)
foreach(view IN LISTS ui_views)
    set(ui_floor_${view} 3)
endforeach()
set(ui_floor_shell 4)
foreach(file IN LISTS ui_files)
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${file}")
    if(NOT rel MATCHES "^ui/([a-z]+)/")
        violation("${rel}: outside the widgets' floors")
        continue()
    endif()
    set(folder "${CMAKE_MATCH_1}")
    if(NOT DEFINED ui_floor_${folder})
        violation("${rel}: ui/${folder}/ is none of the widgets' floors")
        continue()
    endif()
    includes_of("${file}" incs)
    foreach(inc IN LISTS incs)
        if(NOT inc MATCHES "^\"(\\.\\./)*ui/([a-z]+)/")
            continue()
        endif()
        set(target "${CMAKE_MATCH_2}")
        if(target STREQUAL folder)
            continue()
        endif()
        if(NOT DEFINED ui_floor_${target} OR ui_floor_${target} GREATER ui_floor_${folder})
            violation("${rel}: ${folder} includes ${inc} (${target} is above ${folder})")
        elseif(ui_floor_${target} EQUAL ui_floor_${folder})
            violation("${rel}: the view ${folder} includes ${inc} (another view)")
        endif()
    endforeach()
endforeach()

# Rule 7: the tests of the core include nothing of the presentation layer or the app; the tests of
# the presentation layer nothing of the app.
file(GLOB_RECURSE core_test_files "${SOURCE_DIR}/tests/core/*.h" "${SOURCE_DIR}/tests/core/*.cpp")
file(GLOB_RECURSE present_test_files "${SOURCE_DIR}/tests/present/*.h"
     "${SOURCE_DIR}/tests/present/*.cpp")
foreach(file IN LISTS core_test_files present_test_files)
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${file}")
    includes_of("${file}" incs)
    foreach(inc IN LISTS incs)
        if(inc MATCHES "^\"(\\.\\./)*ui/" OR inc MATCHES "^<Qt?(Widgets|Gui|Charts)"
           OR (rel MATCHES "^tests/core/" AND inc MATCHES "^\"llmsizer/present/"))
            violation("${rel}: a test of a lower layer includes ${inc}")
        endif()
    endforeach()
endforeach()

# Rule 6 (link graph): the CLI links neither the widgets, the presentation layer nor Qt's GUI
# modules; the presentation layer links no Qt; the core links no Qt.
if(DEFINED CLI_LIBS)
    foreach(lib IN LISTS CLI_LIBS)
        if(lib MATCHES "llmsizer(_|::)(ui|present)" OR lib MATCHES "Qt6::(Gui|Widgets|Charts|Svg)")
            violation("llm-sizer-cli links ${lib}")
        endif()
    endforeach()
endif()
if(DEFINED PRESENT_LIBS)
    foreach(lib IN LISTS PRESENT_LIBS)
        if(lib MATCHES "Qt" OR lib MATCHES "llmsizer(_|::)ui")
            violation("llmsizer_present links ${lib}")
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
