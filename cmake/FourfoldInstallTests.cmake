# SPDX-License-Identifier: MIT
# Tests of what gets installed (label "install"), included from packaging/CMakeLists.txt.
# A validator that is not installed makes its test report "skipped", not pass.

function(fourfold_tool_test name tool)
  find_program(_tool_${name} ${tool})
  if(_tool_${name})
    add_test(NAME ${name} COMMAND ${_tool_${name}} ${ARGN})
  else()
    add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} -E echo "${tool} is not installed: skipped")
    set_tests_properties(${name} PROPERTIES SKIP_REGULAR_EXPRESSION "is not installed: skipped")
  endif()
  set_tests_properties(${name} PROPERTIES LABELS install)
endfunction()

add_test(NAME install_tree
         COMMAND ${CMAKE_COMMAND} -DBUILD_DIR=${PROJECT_BINARY_DIR}
                 -DEXPECTED=${CMAKE_CURRENT_SOURCE_DIR}/install-files.txt
                 -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/install-test
                 -DCORE_ONLY=${FOURFOLD_CORE_ONLY}
                 -P ${PROJECT_SOURCE_DIR}/cmake/CheckInstallTree.cmake)
add_test(NAME packaging_metadata
         COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DAPP_ID=${FOURFOLD_APP_ID}
                 -DVERSION=${PROJECT_VERSION} -DMAN_DIR=${_man_dir}
                 -DCORE_ONLY=${FOURFOLD_CORE_ONLY}
                 -P ${PROJECT_SOURCE_DIR}/cmake/CheckPackagingMetadata.cmake)
set_tests_properties(install_tree packaging_metadata PROPERTIES LABELS install)

if(NOT FOURFOLD_CORE_ONLY)
  fourfold_tool_test(desktop_file_validate desktop-file-validate
                     ${CMAKE_CURRENT_SOURCE_DIR}/${FOURFOLD_APP_ID}.desktop)
  fourfold_tool_test(appstream_validate appstreamcli validate --no-net
                     ${CMAKE_CURRENT_SOURCE_DIR}/${FOURFOLD_APP_ID}.metainfo.xml)
  # The MIME package compiles, and *.fourfold.json resolves to the plan type.
  find_program(FOURFOLD_UPDATE_MIME_DATABASE update-mime-database)
  if(FOURFOLD_UPDATE_MIME_DATABASE)
    add_test(NAME mime_database
             COMMAND ${CMAKE_COMMAND} -DTOOL=${FOURFOLD_UPDATE_MIME_DATABASE}
                     -DPACKAGE=${CMAKE_CURRENT_SOURCE_DIR}/fourfold-plan.xml
                     -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/mime-test
                     -P ${PROJECT_SOURCE_DIR}/cmake/CheckMimeDatabase.cmake)
    set_tests_properties(mime_database PROPERTIES LABELS install)
  else()
    fourfold_tool_test(mime_database update-mime-database)
  endif()

  # `fourfold --version` prints the project version (QCommandLineParser's format).
  add_test(NAME gui_version COMMAND fourfold --version)
  string(REPLACE "." "\\." _version_regex "${PROJECT_VERSION}")
  set_tests_properties(gui_version PROPERTIES
    LABELS install ENVIRONMENT QT_QPA_PLATFORM=offscreen
    PASS_REGULAR_EXPRESSION "(^|\n)Fourfold ${_version_regex}\n")
endif()
