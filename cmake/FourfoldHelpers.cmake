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
  # GCC 12's -Wrestrict misfires at -O3 on libstdc++'s own std::string concatenation
  # ("literal" + string inlined into memcpy with impossible sizes; GCC bug 105329, fixed in 13).
  # Kept as a warning there, so a real overlap still shows in the log.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-error=restrict)
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

# Precompiled headers (FOURFOLD_PCH) for the files that include qcustomplot.h (the plotting
# views and their tests): its header pulls in all of QtCore, QtGui and QtPrintSupport, so such
# a file compiles in about half the CPU time with them precompiled. Loading a 300 MB
# precompiled header costs a file that needs none of it about 2 s, so the other files do
# without. The core tests do without too: with GCC 12, a precompiled <QtTest> lets bogus
# -Warray-bounds warnings from libstdc++'s std::string through (-Werror). ccache caches these
# compilations only with sloppiness pch_defines,time_macros,include_file_mtime,include_file_ctime
# (set in the top-level CMakeLists.txt when ccache is the launcher).
set(FOURFOLD_PCH_STD <algorithm> <cmath> <functional> <map> <memory> <optional> <set> <string>
                     <vector>)
set(FOURFOLD_PCH_plot <QtTest> <qcustomplot.h> <QApplication> <QLabel> <QWidget>
                      ${FOURFOLD_PCH_STD})

# Whether a source includes qcustomplot.h (so it gains from the "plot" precompiled header).
function(fourfold_includes_qcustomplot source out)
  file(STRINGS "${source}" _qcp REGEX "^#include <qcustomplot\\.h>")
  if(_qcp)
    set(${out} ON PARENT_SCOPE)
  else()
    set(${out} OFF PARENT_SCOPE)
  endif()
endfunction()

# fourfold_use_pch(target kind LIBS...): the kind's headers are compiled once, in a small
# object library of their own with the flags of the tests that use them (the same libraries,
# warnings and definitions), so a build of a few tests (the asan step of CI) builds no other.
function(fourfold_use_pch target kind)
  if(NOT FOURFOLD_PCH)
    return()
  endif()
  set(_host fourfold_pch_${kind})
  if(NOT TARGET ${_host})
    set(_source "${CMAKE_CURRENT_BINARY_DIR}/${_host}.cpp")
    file(CONFIGURE OUTPUT "${_source}" CONTENT "// Compiles the precompiled headers only.\n")
    add_library(${_host} OBJECT "${_source}")
    target_link_libraries(${_host} PRIVATE ${ARGN})
    set_target_properties(${_host} PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
    fourfold_set_test_flags(${_host})
    target_precompile_headers(${_host} PRIVATE ${FOURFOLD_PCH_${kind}})
  endif()
  target_precompile_headers(${target} REUSE_FROM ${_host})
endfunction()

# The flags every test is compiled with. Tests are compiled without optimisation (the engine and
# the views they call are not): a test's own code runs a few times, and at -O0 a test file
# compiles in about 30 % less time than at -O2, and test files are the largest share of a build.
function(fourfold_set_test_flags target)
  fourfold_set_warnings(${target})
  target_compile_options(${target} PRIVATE -O0)
  target_compile_definitions(${target} PRIVATE
    FOURFOLD_SOURCE_DIR="${PROJECT_SOURCE_DIR}" FOURFOLD_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data")
endfunction()

# fourfold_add_test(name SOURCES ... LIBS ... LABEL core|ui [PCH plot])
function(fourfold_add_test name)
  cmake_parse_arguments(ARG "" "LABEL;PCH" "SOURCES;LIBS" ${ARGN})
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
      set(_moc_dir "${CMAKE_CURRENT_BINARY_DIR}/${name}_moc")
      set(_moc "${_moc_dir}/${_stem}.moc")
      # Ninja creates an output's directory itself; Unix Makefiles does not, and moc cannot.
      add_custom_command(OUTPUT "${_moc}"
                         COMMAND ${CMAKE_COMMAND} -E make_directory "${_moc_dir}"
                         COMMAND Qt6::moc "${_source}" -o "${_moc}"
                         DEPENDS "${_source}" Qt6::moc VERBATIM)
      target_sources(${name} PRIVATE "${_moc}")
      target_include_directories(${name} PRIVATE "${_moc_dir}")
    endif()
  endforeach()
  fourfold_set_test_flags(${name})
  if(ARG_PCH)
    fourfold_use_pch(${name} ${ARG_PCH} ${ARG_LIBS} Qt6::Core Qt6::Test)
  endif()
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
