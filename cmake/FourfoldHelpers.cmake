# SPDX-License-Identifier: MIT
# Per-target warnings, sanitizers and the one test helper.

# Warnings are errors only with FOURFOLD_WERROR (default OFF): the dev, asan and core-only
# presets, so ./dev.sh and CI, turn it on; a plain or release build never fails on a warning a
# newer or older compiler adds.
function(fourfold_set_warnings target)
  cmake_parse_arguments(ARG "STRICT" "" "" ${ARGN})
  if(FOURFOLD_WERROR)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror)
  else()
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  endif()
  if(ARG_STRICT)
    target_compile_options(${target} PRIVATE -Wconversion -Wshadow -Wold-style-cast
                                             -Wnon-virtual-dtor -Woverloaded-virtual)
  endif()
  if(FOURFOLD_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=${FOURFOLD_SANITIZE}
                                             -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=${FOURFOLD_SANITIZE})
  endif()
endfunction()

# fourfold_add_test(name SOURCES ... LIBS ... LABEL core|ui)
function(fourfold_add_test name)
  cmake_parse_arguments(ARG "" "LABEL" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} Qt6::Core Qt6::Test)
  # A test's QObject classes are in its .cpp, which includes "<file>.moc". AUTOMOC would run
  # moc with every include directory, so that moc reads all the Qt headers the test includes
  # (1.3 s of CPU for a UI test) to write what it writes without them (0.06 s): moc runs here
  # on the .cpp alone.
  set_target_properties(${name} PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
  foreach(_source IN LISTS ARG_SOURCES)
    cmake_path(ABSOLUTE_PATH _source BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}")
    cmake_path(GET _source STEM _stem)
    file(STRINGS "${_source}" _moc_include REGEX "^#include \"${_stem}\\.moc\"")
    if(_moc_include)
      set(_moc "${CMAKE_CURRENT_BINARY_DIR}/${name}_moc/${_stem}.moc")
      add_custom_command(OUTPUT "${_moc}" COMMAND Qt6::moc "${_source}" -o "${_moc}"
                         DEPENDS "${_source}" Qt6::moc VERBATIM)
      target_sources(${name} PRIVATE "${_moc}")
      target_include_directories(${name} PRIVATE "${CMAKE_CURRENT_BINARY_DIR}/${name}_moc")
    endif()
  endforeach()
  fourfold_set_warnings(${name})
  target_compile_definitions(${name} PRIVATE
    FOURFOLD_SOURCE_DIR="${PROJECT_SOURCE_DIR}" FOURFOLD_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data")
  add_test(NAME ${name} COMMAND ${name})
  # Each test gets its own home, so settings written by one test executable can never be
  # read by another running beside it (ctest -j).
  set(home "${CMAKE_BINARY_DIR}/test-homes/${name}")
  file(MAKE_DIRECTORY "${home}")
  set(env "QT_QPA_PLATFORM=offscreen" "HOME=${home}")
  if(FOURFOLD_SANITIZE)
    list(APPEND env "LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/lsan.supp")
  endif()
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${env}" LABELS "${ARG_LABEL}" TIMEOUT 300)
endfunction()
