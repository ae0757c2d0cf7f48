# SPDX-License-Identifier: MIT
# The install_tree test: installs BUILD_DIR into a scratch DESTDIR with prefix /usr and compares
# the files with EXPECTED (packaging/install-files.txt), then runs the installed fourfold-cli.
#   cmake -DBUILD_DIR=... -DEXPECTED=... -DWORK_DIR=... -DCORE_ONLY=ON|OFF -P CheckInstallTree.cmake
cmake_minimum_required(VERSION 3.25)

set(root "${WORK_DIR}/root")
file(REMOVE_RECURSE "${root}")
execute_process(COMMAND "${CMAKE_COMMAND}" -E env "DESTDIR=${root}"
                        "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix /usr
                RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install failed:\n${output}")
endif()

file(GLOB_RECURSE installed LIST_DIRECTORIES false RELATIVE "${root}/usr" "${root}/*")
file(GLOB_RECURSE outside LIST_DIRECTORIES false RELATIVE "${root}" "${root}/*")
list(FILTER outside EXCLUDE REGEX "^usr/")
if(outside)
  message(FATAL_ERROR "installed outside the prefix /usr: ${outside}")
endif()
list(SORT installed)

file(STRINGS "${EXPECTED}" lines)
set(expected "")
set(desktop_part OFF)
foreach(line IN LISTS lines)
  if(line MATCHES "^# desktop app")
    set(desktop_part ON)
  elseif(NOT line MATCHES "^#" AND NOT line STREQUAL "")
    if(NOT (desktop_part AND CORE_ONLY))
      list(APPEND expected "${line}")
    endif()
  endif()
endforeach()
list(SORT expected)

set(missing ${expected})
list(REMOVE_ITEM missing ${installed})
set(unexpected ${installed})
list(REMOVE_ITEM unexpected ${expected})
if(missing OR unexpected)
  list(JOIN missing "\n  " missing)
  list(JOIN unexpected "\n  " unexpected)
  message(FATAL_ERROR "install tree differs from ${EXPECTED}\n"
                      "missing:\n  ${missing}\nnot listed:\n  ${unexpected}")
endif()
list(LENGTH installed count)
message(STATUS "${count} files installed, as listed")

# The installed program runs from its installed path.
execute_process(COMMAND "${root}/usr/bin/fourfold-cli" --help
                RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(NOT status EQUAL 0 OR NOT output MATCHES "Usage: fourfold-cli")
  message(FATAL_ERROR "installed fourfold-cli --help failed (${status}): ${errors}")
endif()
