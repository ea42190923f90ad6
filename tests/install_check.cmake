# ctest: `cmake --install --strip` of this build into a temporary prefix, moved elsewhere, must run
# from there: the CLI lists the presets and the GUI renders a screenshot, both from
# <prefix>/share/llm-sizer; and no installed program holds a path of the source or build tree.
#   cmake -DBUILD_DIR=… -DSOURCE_DIR=… -DWORK_DIR=… -DWITH_GUI=ON|OFF -DCHECK_PATHS=ON|OFF
#         -P install_check.cmake
file(REMOVE_RECURSE "${WORK_DIR}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${WORK_DIR}/staged"
    --strip RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install failed: ${rc}")
endif()
# Relocate: nothing may depend on the prefix it was installed to.
file(RENAME "${WORK_DIR}/staged" "${WORK_DIR}/moved")
set(prefix "${WORK_DIR}/moved")

execute_process(COMMAND "${prefix}/bin/llm-sizer-cli" presets RESULT_VARIABLE rc
    OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "llama-3-70b")
    message(FATAL_ERROR "installed llm-sizer-cli presets failed (${rc}): ${err}")
endif()
execute_process(COMMAND "${prefix}/bin/llm-sizer-cli" count --preset llama-3-70b
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
# Llama 3 70B: 70,553,706,496 (Hugging Face model API safetensors total of Llama-3.1-70B).
if(NOT rc EQUAL 0 OR NOT out MATCHES "70,553,706,496")
    message(FATAL_ERROR "installed llm-sizer-cli count failed (${rc}): ${out}${err}")
endif()

set(programs "${prefix}/bin/llm-sizer-cli")
if(WITH_GUI)
    list(APPEND programs "${prefix}/bin/llm-sizer")
    execute_process(COMMAND "${prefix}/bin/llm-sizer" --preset gpt-2-small --settings
        "${WORK_DIR}/settings.ini" --screenshot "${WORK_DIR}/shot.png" --size 800x600
        RESULT_VARIABLE rc ERROR_VARIABLE err)
    if(NOT rc EQUAL 0 OR NOT EXISTS "${WORK_DIR}/shot.png")
        message(FATAL_ERROR "installed llm-sizer --screenshot failed (${rc}): ${err}")
    endif()
    foreach(f applications/org.llmsizer.LlmSizer.desktop metainfo/org.llmsizer.LlmSizer.metainfo.xml
            icons/hicolor/scalable/apps/org.llmsizer.LlmSizer.svg
            icons/hicolor/256x256/apps/org.llmsizer.LlmSizer.png llm-sizer/resources/gpus.json)
        if(NOT EXISTS "${prefix}/share/${f}")
            message(FATAL_ERROR "not installed: share/${f}")
        endif()
    endforeach()
endif()

if(NOT CHECK_PATHS)
    set(programs "")
endif()
foreach(program IN LISTS programs)
    foreach(tree "${SOURCE_DIR}" "${BUILD_DIR}")
        file(STRINGS "${program}" hits LIMIT_COUNT 1 REGEX "${tree}")
        if(hits)
            message(FATAL_ERROR "${program} holds the path ${tree}: ${hits}")
        endif()
    endforeach()
endforeach()
file(REMOVE_RECURSE "${WORK_DIR}")
message(STATUS "installed tree relocates and runs; no build or source path in the programs")
