# SPDX-License-Identifier: MIT
# The packaging_metadata test: the desktop entry, AppStream metadata, MIME type, icons and man
# pages name the same application, type and version, so the desktop finds what was installed.
#   cmake -DSOURCE_DIR=... -DAPP_ID=... -DVERSION=... -DMAN_DIR=... -DCORE_ONLY=... -P ...
cmake_minimum_required(VERSION 3.25)

set(failures "")
# Records a failure unless `text` contains `needle` literally.
function(expect_contains text needle message)
  string(FIND "${text}" "${needle}" at)
  if(at EQUAL -1)
    set(failures ${failures} "${message}" PARENT_SCOPE)
  endif()
endfunction()

set(packaging "${SOURCE_DIR}/packaging")
if(NOT CORE_ONLY)
  file(READ "${packaging}/fourfold-plan.xml" mime)
  string(REGEX MATCH "mime-type type=\"([^\"]+)\"" _ "${mime}")
  set(mime_type "${CMAKE_MATCH_1}")
  expect_contains("${mime}" "<glob pattern=\"*.fourfold.json\"" "no *.fourfold.json glob")
  expect_contains("${mime}" "<sub-class-of type=\"application/json\"/>"
                  "a plan is not a sub-class of application/json")

  file(READ "${packaging}/${APP_ID}.desktop" desktop)
  expect_contains("${desktop}" "\nExec=fourfold %f\n" "desktop entry does not start fourfold")
  expect_contains("${desktop}" "\nIcon=${APP_ID}\n" "desktop entry's Icon is not ${APP_ID}")
  expect_contains("${desktop}" "\nMimeType=${mime_type};\n"
                  "desktop entry's MimeType is not '${mime_type};'")

  file(READ "${packaging}/${APP_ID}.metainfo.xml" metainfo)
  expect_contains("${metainfo}" "<id>${APP_ID}</id>" "metainfo id is not ${APP_ID}")
  expect_contains("${metainfo}" "<launchable type=\"desktop-id\">${APP_ID}.desktop</launchable>"
                  "metainfo does not launch ${APP_ID}.desktop")
  expect_contains("${metainfo}" "<project_license>GPL-3.0-or-later</project_license>"
                  "metainfo project_license is not GPL-3.0-or-later")
  expect_contains("${metainfo}" "<mediatype>${mime_type}</mediatype>"
                  "metainfo does not provide ${mime_type}")
  # The newest release comes first and must be the version being built.
  string(REGEX MATCH "<release version=\"([^\"]+)\"" _ "${metainfo}")
  if(NOT CMAKE_MATCH_1 STREQUAL VERSION)
    list(APPEND failures
         "metainfo's newest release is ${CMAKE_MATCH_1}, the project ${VERSION}: add a <release>")
  endif()

  # Each PNG is as large as the hicolor directory it goes to (PNG IHDR: width, height).
  foreach(size 16 24 32 48 64 128 256)
    file(READ "${SOURCE_DIR}/resources/icons/fourfold-${size}.png" header OFFSET 16 LIMIT 8 HEX)
    math(EXPR side "${size}" OUTPUT_FORMAT HEXADECIMAL)
    string(SUBSTRING "${side}" 2 -1 side)
    string(LENGTH "${side}" length)
    math(EXPR pad "8 - ${length}")
    string(REPEAT "0" ${pad} zeros)
    string(TOLOWER "${zeros}${side}${zeros}${side}" want)
    if(NOT header STREQUAL want)
      list(APPEND failures "fourfold-${size}.png is not ${size}x${size} (IHDR ${header})")
    endif()
  endforeach()
endif()

# Man pages: generated from --help, with the version, name, synopsis and every CLI command.
set(programs fourfold-cli)
if(NOT CORE_ONLY)
  list(APPEND programs fourfold)
endif()
foreach(program IN LISTS programs)
  set(page "${MAN_DIR}/${program}.1")
  if(NOT EXISTS "${page}" OR NOT EXISTS "${page}.gz")
    list(APPEND failures "${page}(.gz) was not generated")
    continue()
  endif()
  file(READ "${page}" roff)
  string(TOUPPER "${program}" title)
  expect_contains("${roff}" "\n.TH \"${title}\" 1 \"\" \"${program} ${VERSION}\""
                  "${program}.1 has no .TH line with version ${VERSION}")
  string(REPLACE "-" "\\-" escaped "${program}")
  expect_contains("${roff}" "\n.SH SYNOPSIS\n.B ${escaped}\n" "${program}.1 has no SYNOPSIS")
  expect_contains("${roff}" "\n.SH DESCRIPTION\n" "${program}.1 has no DESCRIPTION")
  execute_process(COMMAND gzip -dc "${page}.gz" OUTPUT_VARIABLE unpacked RESULT_VARIABLE status)
  if(NOT status EQUAL 0 OR NOT unpacked STREQUAL roff)
    list(APPEND failures "${program}.1.gz does not hold ${program}.1")
  endif()
endforeach()
if(EXISTS "${MAN_DIR}/fourfold-cli.1")
  file(READ "${MAN_DIR}/fourfold-cli.1" roff)
  foreach(command presets new validate evaluate)
    expect_contains("${roff}" ".SS \"fourfold\\-cli ${command}\""
                    "fourfold-cli.1 does not describe '${command}'")
  endforeach()
endif()
if(NOT CORE_ONLY AND EXISTS "${MAN_DIR}/fourfold.1")
  file(READ "${MAN_DIR}/fourfold.1" roff)
  expect_contains("${roff}" "\n.SH OPTIONS\n" "fourfold.1 has no OPTIONS")
  expect_contains("${roff}" "\\-\\-screenshot" "fourfold.1 does not describe --screenshot")
endif()

if(failures)
  list(JOIN failures "\n  " failures)
  message(FATAL_ERROR "packaging metadata:\n  ${failures}")
endif()
message(STATUS "desktop entry, metainfo, MIME type, icons and man pages agree")
